import { Migrator, PostgresAdapter, sql, type Kysely, type MigratorProps } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * The migrator, pinned on PostgreSQL to the connection's own schema: its bookkeeping tables
 * live there, and it looks for them only there (with the introspection of db/pg-introspector.ts,
 * which reads no other schema, so others created or dropped beside it, by parallel tests or
 * several apps in one database, neither hide its tables nor fail its queries).
 */
async function migratorFor(db: Kysely<Database>): Promise<Migrator> {
  const props: MigratorProps = {
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  };
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const schema = rows[0]?.schema;
    if (schema) return new Migrator({ ...props, migrationTableSchema: schema });
  }
  return new Migrator(props);
}

function causeOf(error: unknown): string {
  return error instanceof Error ? error.message : JSON.stringify(error);
}

/** Brings the schema up to date; throws naming the migration that failed. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results } = await (await migratorFor(db)).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed) {
    throw new MigrationError(
      `Migration ${failed?.migrationName ?? '(unknown)'} failed: ${causeOf(error)}`,
    );
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** Brings the schema up (or down) to the named migration; returns the migrations run. */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<string[]> {
  const { error, results } = await (await migratorFor(db)).migrateTo(name);
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed) {
    throw new MigrationError(
      `Migration ${failed?.migrationName ?? '(unknown)'} failed: ${causeOf(error)}`,
    );
  }
  return (results ?? []).map((result) => result.migrationName);
}

export async function migrateDown(db: Kysely<Database>): Promise<void> {
  const { error } = await (await migratorFor(db)).migrateDown();
  if (error !== undefined) throw new MigrationError(`Migration down failed: ${causeOf(error)}`);
}
