import { Migrator, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date; throws naming the migration that failed. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}

export async function migrateDown(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error } = await migrator.migrateDown();
  if (error !== undefined) {
    const cause = error instanceof Error ? error.message : JSON.stringify(error);
    throw new MigrationError(`Migration down failed: ${cause}`);
  }
}
