import { type Kysely } from 'kysely';
import { createTableWithId } from './helpers.js';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The ranks each refit saw, so a board can show the places gained since the previous day.
  for (const column of ['rank_all', 'rank_week', 'rank_month']) {
    await db.schema.alterTable('photo_score_days').addColumn(column, 'integer').execute();
  }

  // What changed since a process last looked (the live boards' incremental refresh).
  await db.schema
    .createIndex('photos_category_updated_idx')
    .on('photos')
    .columns(['category_id', 'updated_at'])
    .execute();
  // A category's photos in id order, read in chunks when a process loads its boards.
  await db.schema
    .createIndex('photos_category_id_idx')
    .on('photos')
    .columns(['category_id', 'id'])
    .execute();
  // The caller's own photos in a category (their entry on a board).
  await db.schema
    .createIndex('photos_user_category_state_idx')
    .on('photos')
    .columns(['user_id', 'category_id', 'state'])
    .execute();
  // The photos first published in a period (freezing a past board).
  await db.schema
    .createIndex('photos_category_published_idx')
    .on('photos')
    .columns(['category_id', 'published_at'])
    .execute();

  // The pairs a voter judged in a category (every pair request): without it SQLite, lacking
  // statistics, walked the whole category's votes (0.8 s at 10 million votes).
  await db.schema
    .createIndex('votes_voter_category_idx')
    .on('votes')
    .columns(['voter_id', 'category_id', 'photo_lo', 'photo_hi'])
    .execute();

  // A past period's board, frozen once after the period ended.
  await createTableWithId(db, 'leaderboard_snapshots')
    .addColumn('category_id', 'integer', (col) => col.notNull())
    .addColumn('period_type', 'text', (col) => col.notNull())
    .addColumn('period_start', 'text', (col) => col.notNull())
    .addColumn('entries', 'integer', (col) => col.notNull())
    .addColumn('frozen_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('leaderboard_snapshots_period_uq')
    .on('leaderboard_snapshots')
    .columns(['category_id', 'period_type', 'period_start'])
    .unique()
    .execute();

  await db.schema
    .createTable('leaderboard_snapshot_entries')
    .addColumn('snapshot_id', 'integer', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('photo_id', 'integer', (col) => col.notNull())
    .addColumn('rank', 'integer', (col) => col.notNull())
    .addColumn('score', 'integer', (col) => col.notNull())
    .addColumn('comparisons', 'integer', (col) => col.notNull())
    .addColumn('rank_change', 'integer')
    .addPrimaryKeyConstraint('leaderboard_snapshot_entries_pk', ['snapshot_id', 'position'])
    .execute();
  await db.schema
    .createIndex('leaderboard_snapshot_entries_photo_idx')
    .on('leaderboard_snapshot_entries')
    .columns(['photo_id', 'snapshot_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('leaderboard_snapshot_entries').execute();
  await db.schema.dropTable('leaderboard_snapshots').execute();
  await db.schema.dropIndex('votes_voter_category_idx').execute();
  await db.schema.dropIndex('photos_category_published_idx').execute();
  await db.schema.dropIndex('photos_user_category_state_idx').execute();
  await db.schema.dropIndex('photos_category_id_idx').execute();
  await db.schema.dropIndex('photos_category_updated_idx').execute();
  for (const column of ['rank_month', 'rank_week', 'rank_all']) {
    await db.schema.alterTable('photo_score_days').dropColumn(column).execute();
  }
}
