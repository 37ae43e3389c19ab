import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every vote and every refit moves a photo's score. With the score in two indexes, each move
  // rewrote an entry in both, at a random place in each: at 1,000,000 photos an incremental
  // refit spent most of its write time on those pages and on checkpointing them (issue 19).
  // Nothing reads photos in score order through an index: boards are held in memory, and one
  // owner's photos are few enough to sort after the (user_id, state) lookup.
  await db.schema
    .createIndex('photos_category_state_idx')
    .on('photos')
    .columns(['category_id', 'state'])
    .execute();
  await db.schema.dropIndex('photos_category_state_score_idx').execute();
  await db.schema.dropIndex('photos_user_score_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('photos_user_score_idx')
    .on('photos')
    .columns(['user_id', 'current_score', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('photos_category_state_score_idx')
    .on('photos')
    .columns(['category_id', 'state', 'current_score'])
    .execute();
  await db.schema.dropIndex('photos_category_state_idx').execute();
}
