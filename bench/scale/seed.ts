/**
 * The scale benches' data: `photos` photos of one category (bench/leaderboard's generated boards)
 * and `votes` votes written by the database itself (votes.ts), in a migrated database.
 */
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { generateDataset } from '../leaderboard/dataset.js';
import type { BenchDatabase } from '../leaderboard/databases.js';
import { seedDatabase } from '../leaderboard/seed.js';
import { seedVotes } from './votes.js';

export const SCALE_TIME_ZONE = 'Asia/Shanghai';

const secondsSince = (from: number) => Math.round((performance.now() - from) / 100) / 10;

/** Seeds the database and answers the category's id. */
export async function seedScale(
  target: BenchDatabase,
  photos: number,
  votes: number,
): Promise<number> {
  const now = Date.now();
  const users = Math.max(100, Math.min(50_000, Math.round(photos / 20)));
  let started = performance.now();
  const data = generateDataset({
    photos,
    users,
    now,
    timeZone: SCALE_TIME_ZONE,
    bigMonthShare: 0.3,
    bigMonthsBack: 2,
  });
  const handle = target.open();
  try {
    await migrateToLatest(handle.db);
    const seeded = await seedDatabase(handle.db, target.kind, data, users, SCALE_TIME_ZONE, now);
    console.log(`  photos: ${photos.toLocaleString('en-US')} in ${secondsSince(started)} s`);
    started = performance.now();
    const voters = await seedVotes(handle.db, target.kind, seeded.categoryId, photos, votes, now);
    console.log(
      `  votes: ${votes.toLocaleString('en-US')} by ${voters.toLocaleString('en-US')} voters in ` +
        `${secondsSince(started)} s; database ${Math.round(await target.sizeMb())} MB`,
    );
    await settle(handle.db, target.kind);
    return seeded.categoryId;
  } finally {
    await handle.close();
  }
}

/**
 * Writes the seed's dirty pages out before anything is measured: a database of this size at rest
 * has them on disk, and PostgreSQL would otherwise run that checkpoint (gigabytes) during the
 * measured phases. SQLite checkpoints its WAL when the seeding connection closes.
 */
async function settle(db: Db, kind: BenchDatabase['kind']): Promise<void> {
  if (kind !== 'postgres') return;
  const started = performance.now();
  try {
    await sql`checkpoint`.execute(db);
    console.log(`  checkpoint after seeding: ${secondsSince(started)} s`);
  } catch (error) {
    // CHECKPOINT needs superuser or pg_checkpoint (PostgreSQL 15+); .ci/run grants the latter.
    console.log(`  no checkpoint after seeding (${String(error)}): expect its I/O in the figures`);
  }
}
