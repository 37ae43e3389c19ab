import type { Kysely } from 'kysely';
import { createTableWithId } from './helpers.js';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // An incremental refit (ADR 0029) announces the photos it wrote with one row, written with the
  // category's new fit mark once every photo is: the pairing indexes and running boards of every
  // process read the photos it names. Moving each photo's updated_at instead rewrote its entry
  // of photos_category_updated_id_idx, at a random place: at 1,000,000 photos that was most of
  // the pages an increment wrote and checkpointed (issue 19).
  await createTableWithId(db, 'refit_increments')
    .addColumn('category_id', 'integer', (col) => col.notNull())
    // The ids, ascending, as a JSON array.
    .addColumn('photo_ids', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('refit_increments_category_idx')
    .on('refit_increments')
    .columns(['category_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('refit_increments').execute();
}
