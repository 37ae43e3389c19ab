import { type Kysely } from 'kysely';
import { createTableWithId } from './helpers.js';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').addColumn('state_reason', 'text').execute();

  // One report per reporter (a voter: device or user) per photo.
  await createTableWithId(db, 'reports')
    .addColumn('photo_id', 'integer', (col) => col.notNull())
    .addColumn('reporter_voter_id', 'integer', (col) => col.notNull())
    .addColumn('reporter_user_id', 'integer')
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('notes', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('resolved_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('reports_photo_reporter_uq')
    .on('reports')
    .columns(['photo_id', 'reporter_voter_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('reports_open_idx')
    .on('reports')
    .columns(['resolved_at', 'photo_id'])
    .execute();

  // Every moderation decision, kept for the record.
  await createTableWithId(db, 'moderation_log')
    .addColumn('photo_id', 'integer', (col) => col.notNull())
    .addColumn('moderator_id', 'integer')
    .addColumn('decision', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  // A photo's score once a day, written by the refit, for the profile's chart.
  await db.schema
    .createTable('photo_score_days')
    .addColumn('photo_id', 'integer', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('score', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('photo_score_days_pk', ['photo_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('photo_score_days').execute();
  await db.schema.dropTable('moderation_log').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.alterTable('photos').dropColumn('state_reason').execute();
}
