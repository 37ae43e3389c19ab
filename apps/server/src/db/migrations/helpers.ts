import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

export function isPostgres<T>(db: Kysely<T>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Creates a table with an auto-incrementing integer key that is never reused: `serial` on
 * PostgreSQL, `integer primary key autoincrement` on SQLite (a plain rowid alias would hand a
 * deleted photo's id to the next upload).
 */
export function createTableWithId(db: Kysely<unknown>, name: string): CreateTableBuilder<string> {
  const table = db.schema.createTable(name);
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
