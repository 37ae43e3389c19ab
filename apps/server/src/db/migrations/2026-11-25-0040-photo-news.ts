import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // When the user last opened their photos' news (the inbox on the profile); null: never, the
  // news then covers the last 7 days.
  await db.schema.alterTable('users').addColumn('news_seen_at', 'bigint').execute();
  // When a vote finished the photo's placement (定级) and when a vote used its last bought
  // exposure: the inbox reports both, and nothing else records the moment they happened.
  await db.schema.alterTable('photos').addColumn('placed_at', 'bigint').execute();
  await db.schema.alterTable('photos').addColumn('boost_finished_at', 'bigint').execute();
  // The inbox counts one photo's votes since a moment, won and lost: without these it would
  // scan every vote of the category. Also what a moderator decided on a photo since a moment.
  await db.schema
    .createIndex('votes_winner_time_idx')
    .on('votes')
    .columns(['winner_photo_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('votes_loser_time_idx')
    .on('votes')
    .columns(['loser_photo_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('moderation_log_photo_time_idx')
    .on('moderation_log')
    .columns(['photo_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('moderation_log_photo_time_idx').execute();
  await db.schema.dropIndex('votes_loser_time_idx').execute();
  await db.schema.dropIndex('votes_winner_time_idx').execute();
  await db.schema.alterTable('photos').dropColumn('boost_finished_at').execute();
  await db.schema.alterTable('photos').dropColumn('placed_at').execute();
  await db.schema.alterTable('users').dropColumn('news_seen_at').execute();
}
