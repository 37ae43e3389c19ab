import { PostgresAdapter } from 'kysely';
import type { Db } from './database.js';

/** Runs `work` in a transaction, joining the caller's when there already is one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Whether `select … for update` exists: PostgreSQL locks rows; SQLite has no row locks and
 * needs none, because its writers are serialised (one connection, one transaction at a time).
 */
export function hasRowLocks(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
