/**
 * Freezing a big past month, as the first read of its board does (ADR 0010): how long it takes,
 * and how long it holds the event loop at a stretch, which is what every other request waits
 * through on SQLite. The photos are bench/leaderboard's generated category, 30% of them published
 * in the month two months back; no votes.
 *
 *   npm run bench:freeze -w bench
 *   npm run bench:freeze -w bench -- --photos 1000000 --db both
 *
 * Options: --photos N (1000000), --db sqlite|postgres|both (sqlite). The server's services run in
 * this process (the app is built, never listens), as in bench:refit.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { generateDataset } from './dataset.js';
import { forEachDatabase, type BenchDatabase } from './databases.js';
import { seedDatabase } from './seed.js';
import { inProcessApp } from '../lib/in-process-app.js';

const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'sqlite' },
  },
});
const TIME_ZONE = 'Asia/Shanghai';

async function measure(target: BenchDatabase, photos: number): Promise<void> {
  console.log(`\n== ${target.label}`);
  const now = Date.now();
  const users = Math.max(100, Math.min(50_000, Math.round(photos / 20)));
  const data = generateDataset({
    photos,
    users,
    now,
    timeZone: TIME_ZONE,
    bigMonthShare: 0.3,
    bigMonthsBack: 2,
  });
  const seeding = target.open();
  let categoryId: number;
  try {
    await migrateToLatest(seeding.db);
    ({ categoryId } = await seedDatabase(seeding.db, target.kind, data, users, TIME_ZONE, now));
  } finally {
    await seeding.close();
  }
  target.checkpoint();

  const app = await inProcessApp({ ...target.env, TZ_LEADERBOARD: TIME_ZONE });
  const { services } = app;
  try {
    // The gaps between ticks of a 5 ms timer: how long the event loop was held at a stretch.
    const gaps: number[] = [];
    let last = performance.now();
    const ticker = setInterval(() => {
      const at = performance.now();
      gaps.push(at - last);
      last = at;
    }, 5);
    const started = performance.now();
    const board = await services.leaderboards.leaderboard(
      {
        categoryId,
        periodType: 'month',
        periodDate: data.bigMonth.start,
        page: 1,
        pageSize: 20,
      },
      null,
    );
    const tookMs = performance.now() - started;
    // The stretch that ended the read counts too: a freeze in one stretch lets the timer fire
    // only after it.
    gaps.push(performance.now() - last);
    clearInterval(ticker);
    if (!board.frozen) throw new Error('the month was not frozen');
    const longest = gaps.sort((a, b) => b - a).slice(0, 5);
    console.log(
      `  month ${data.bigMonth.start ?? ''} frozen on its first read: ` +
        `${board.total_items.toLocaleString('en-US')} entries in ${Math.round(tookMs)} ms`,
    );
    console.log(
      `  longest event-loop stalls (gaps of a 5 ms timer): ` +
        `${longest.map((gap) => Math.round(gap)).join(', ')} ms; ` +
        `${gaps.filter((gap) => gap >= 50).length} of 50 ms or more`,
    );
  } finally {
    await app.close();
  }
}

const photos = Number(values.photos);
console.log(
  `node ${process.version}, ${os.cpus().length} cores, load average ` +
    `${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}; ${photos.toLocaleString('en-US')} photos`,
);
await forEachDatabase(values.db, (target) => measure(target, photos));
