import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The pairing indexes and running boards read other processes' writes a page at a time, keyed
  // by (updated_at, id) (ADR 0029): an incremental refit writes thousands of photos at one time.
  // With the id in the index, each page is a range of it; without it PostgreSQL sorted every
  // remaining change for each page. (SQLite's index ended in the rowid, the id, already.)
  await db.schema
    .createIndex('photos_category_updated_id_idx')
    .on('photos')
    .columns(['category_id', 'updated_at', 'id'])
    .execute();
  await db.schema.dropIndex('photos_category_updated_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('photos_category_updated_idx')
    .on('photos')
    .columns(['category_id', 'updated_at'])
    .execute();
  await db.schema.dropIndex('photos_category_updated_id_idx').execute();
}
