import { type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A frozen board is written a chunk at a time, so that a month of 300,000 photos does not hold
  // SQLite's event loop for a second at midnight (ADR 0010's amendment): its header goes in first
  // with `complete` 0, its entries follow, and the header turns complete last. Readers find
  // complete boards only. Every board frozen before was written in one transaction: complete.
  await db.schema
    .alterTable('leaderboard_snapshots')
    .addColumn('complete', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leaderboard_snapshots').dropColumn('complete').execute();
}
