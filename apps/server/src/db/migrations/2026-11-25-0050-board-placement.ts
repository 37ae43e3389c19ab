import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 17: boards list provisional photos with their range. A frozen board keeps the range
  // each such photo had when it was frozen (null columns: an established photo).
  await db.schema
    .alterTable('leaderboard_snapshot_entries')
    .addColumn('score_low', 'integer')
    .execute();
  await db.schema
    .alterTable('leaderboard_snapshot_entries')
    .addColumn('score_high', 'integer')
    .execute();
  await db.schema
    .alterTable('leaderboard_snapshot_entries')
    .addColumn('matches_to_place', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['matches_to_place', 'score_high', 'score_low']) {
    await db.schema.alterTable('leaderboard_snapshot_entries').dropColumn(column).execute();
  }
}
