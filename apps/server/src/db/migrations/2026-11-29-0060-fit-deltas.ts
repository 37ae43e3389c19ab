import { sql, type Kysely } from 'kysely';
import { createTableWithId, isPostgres } from './helpers.js';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // An incremental refit's fit states and history scores (ADR 0029, stop 35), packed in one row
  // committed with the category's new fit mark, then folded into photo_fits and
  // photo_score_days a chunk at a time and deleted. The increment's results are visible and
  // durable once the row is in, and a crash before the fold ends loses nothing: the next refit
  // folds the row again (every write of the fold is idempotent) before it reads any fit state.
  await createTableWithId(db, 'fit_deltas')
    .addColumn('category_id', 'integer', (col) => col.notNull())
    // The day (the refit's time zone) the scores were taken on.
    .addColumn('day', 'text', (col) => col.notNull())
    // workers/fit-delta.ts's encoding: columns of float64 values, one entry per photo.
    .addColumn('states', sql.raw(isPostgres(db) ? 'bytea' : 'blob'), (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  if (isPostgres(db)) {
    // Packed float64s do not compress: PostgreSQL stores them out of line without trying.
    await sql`alter table fit_deltas alter column states set storage external`.execute(db);
  }
  await db.schema
    .createIndex('fit_deltas_category_idx')
    .on('fit_deltas')
    .columns(['category_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fit_deltas').execute();
}
