import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // get_my_photos: one owner's photos, best first (score, then newest).
  await db.schema
    .createIndex('photos_user_score_idx')
    .on('photos')
    .columns(['user_id', 'current_score', 'created_at', 'id'])
    .execute();
  // The start-up sweep asks which files on disk a photo row still refers to.
  await db.schema
    .createIndex('photos_display_key_idx')
    .on('photos')
    .column('display_key')
    .execute();
  await db.schema.createIndex('photos_thumb_key_idx').on('photos').column('thumb_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['photos_thumb_key_idx', 'photos_display_key_idx', 'photos_user_score_idx']) {
    await db.schema.dropIndex(index).execute();
  }
}
