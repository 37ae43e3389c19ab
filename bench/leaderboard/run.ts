/**
 * Leaderboard reads at scale: a million photos in one category, seeded straight into SQLite
 * and then PostgreSQL, read through the real server (its own process) over HTTP. Prints the
 * one-off costs (seeding, the first read that loads the running boards, freezing a big past
 * month, the server's memory) and get_leaderboard latency for the first, a deep and the last
 * page, the caller's own rank, and a frozen past month, sequentially and over concurrent
 * connections.
 *
 *   npm run bench:leaderboard -w bench
 *   npm run bench:leaderboard -w bench -- --photos 100000 --db sqlite
 *
 * Options: --photos N (1000000), --db sqlite|postgres|both (both), --requests N (2000 per
 * measurement), --connections N (16), --max-seconds N (20: a measurement stops early after
 * that long), --cpu-prof DIR (profile the server). PostgreSQL: a fresh
 * schema in TEST_DATABASE_URL (default: the local yanzhi_test), dropped afterwards.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { postgresDatabase, sqliteDatabase, type BenchDatabase } from './databases.js';
import { benchDatabase, type BenchSettings } from './bench-database.js';

const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'both' },
    requests: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '16' },
    'max-seconds': { type: 'string', default: '20' },
    'cpu-prof': { type: 'string' },
  },
});

const photos = Number(values.photos);
const settings: BenchSettings = {
  photos,
  users: Math.max(100, Math.min(50_000, Math.round(photos / 20))),
  requests: Number(values.requests),
  connections: Number(values.connections),
  maxSeconds: Number(values['max-seconds']),
  timeZone: 'Asia/Shanghai',
  cpuProfileDir: values['cpu-prof'],
};
const postgresUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://yanzhi:yanzhi@127.0.0.1:5432/yanzhi_test';
const wanted = values.db === 'both' ? ['sqlite', 'postgres'] : [values.db];

console.log(
  `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GB RAM; ${photos.toLocaleString('en-US')} photos in one ` +
    `category, ${settings.users.toLocaleString('en-US')} owners; ${settings.requests} requests per ` +
    `measurement sequentially (seq) and over ${settings.connections} connections (c${settings.connections}); ` +
    'client and server in separate processes',
);

const started = performance.now();
for (const kind of wanted) {
  let target: BenchDatabase;
  if (kind === 'sqlite') target = sqliteDatabase();
  else if (kind === 'postgres') {
    try {
      target = await postgresDatabase(postgresUrl);
    } catch (error) {
      console.log(
        `\nPostgreSQL skipped: cannot create a schema in ${postgresUrl} (${String(error)})`,
      );
      continue;
    }
  } else throw new Error(`--db must be sqlite, postgres or both (got ${kind})`);
  try {
    await benchDatabase(target, settings);
  } finally {
    await target.drop();
  }
}
console.log(`\ntotal run time ${((performance.now() - started) / 1000).toFixed(0)} s`);
