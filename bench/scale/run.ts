/**
 * Scale: 1,000,000 photos and 10,000,000 votes in one category, on SQLite and on PostgreSQL,
 * through the real server (bundled, its own process). Seeds the database directly, then prints:
 * the time to ready, the first pair fetch (which loads the category's pairing index), pair fetch,
 * vote and leaderboard latency under a steady open-loop load, the batch refit's duration (run in
 * the server, started with SIGUSR2, while it keeps serving), the latency during the refit, and
 * the server's peak memory.
 *
 *   npm run bench:scale -w bench
 *   npm run bench:scale -w bench -- --db sqlite --photos 100000 --votes 1000000
 *
 * Options: --photos N (1000000), --votes N (10000000), --db sqlite|postgres|both (both),
 * --rate N arena cycles/s during the measurement (100), --seconds N (30). PostgreSQL: a fresh
 * schema in TEST_DATABASE_URL (default: the local yanzhi_test), dropped afterwards. PROFILE=1
 * writes a CPU profile of the server into bench/dist/profiles.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { postgresDatabase, sqliteDatabase, type BenchDatabase } from '../leaderboard/databases.js';
import { Recorder, rows, runPhase } from '../load/open-loop.js';
import { Client, signInMany, streams, type Mix, type Population } from '../load/traffic.js';
import { repoRoot } from '../lib/process.js';
import { bundleServer, KillableServer } from '../lib/server-process.js';
import { SCALE_TIME_ZONE, seedScale } from './seed.js';

const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '1000000' },
    votes: { type: 'string', default: '10000000' },
    db: { type: 'string', default: 'both' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
  },
});
const photos = Number(values.photos);
const votes = Number(values.votes);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const timeZone = SCALE_TIME_ZONE;
const postgresUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://yanzhi:yanzhi@127.0.0.1:5432/yanzhi_test';
const wanted = values.db === 'both' ? ['sqlite', 'postgres'] : [values.db];
const RAISED = '10000000';

const secondsSince = (from: number) => Math.round((performance.now() - from) / 100) / 10;

/** Resident and peak resident memory of a process, in MB, from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(field('VmRSS') / 1024), peak: Math.round(field('VmHWM') / 1024) };
}

/** The sum and count of the server's refit durations, from /metrics. */
async function refitTotals(url: string): Promise<{ count: number; sum: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (name: string) =>
    Number(new RegExp(`^${name}\\{[^}]*\\} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    count: value('yanzhi_refit_duration_seconds_count'),
    sum: value('yanzhi_refit_duration_seconds_sum'),
  };
}

/**
 * Has the server refit now (SIGUSR2) and waits for it, sampling the server's memory: the
 * refit's duration as the server measured it, and the peak RSS while it ran.
 */
async function refitInServer(
  url: string,
  pid: number,
): Promise<{ seconds: number; wallSeconds: number; peakMb: number }> {
  const before = await refitTotals(url);
  const started = performance.now();
  process.kill(pid, 'SIGUSR2');
  let peakMb = 0;
  for (;;) {
    peakMb = Math.max(peakMb, memoryOf(pid).peak);
    const now = await refitTotals(url).catch(() => before);
    if (now.count > before.count) {
      return {
        seconds: Math.round((now.sum - before.sum) * 10) / 10,
        wallSeconds: secondsSince(started),
        peakMb: Math.max(peakMb, memoryOf(pid).peak),
      };
    }
    if (performance.now() - started > 3_600_000) throw new Error('no refit within an hour');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function measure(target: BenchDatabase): Promise<void> {
  console.log(`\n== ${target.label}`);
  await seedScale(target, photos, votes);
  const hostSecret = randomBytes(32).toString('hex');
  const bundle = await bundleServer();
  const profileDir = path.join(repoRoot, 'bench/dist/profiles');
  // PROFILE=1: a V8 CPU profile of the server (read it with `npm run profile:summary -w bench`).
  const entry = process.env.PROFILE
    ? { ...bundle, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] }
    : bundle;
  const env = {
    ...target.env,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    CATEGORIES: 'female:女生:Women',
    TZ_LEADERBOARD: timeZone,
    HOST_TOKEN_SECRET: hostSecret,
    // The refit is started below with SIGUSR2, at a known moment.
    ARENA_REFIT_SECONDS: '86400',
    RATE_LIMIT_API_PER_MINUTE: RAISED,
    RATE_LIMIT_LOGIN_PER_MINUTE: RAISED,
    RATE_LIMIT_VOTES_PER_MINUTE_IP: RAISED,
    RATE_LIMIT_NEW_IDS_PER_HOUR_IP: RAISED,
  };
  const server = await KillableServer.create(
    env,
    path.join(os.tmpdir(), `yanzhi-scale-${process.pid}.log`),
    entry,
  );
  const ready = await server.start(600_000);
  const pid = server.pid ?? 0;
  const client = new Client(server.url, 64);
  try {
    const categories = (await client.call<{ id: number }[]>('/api/get_categories', {}, null)).data;
    const categoryId = categories?.[0]?.id;
    if (categoryId === undefined) throw new Error('no category');
    let started = performance.now();
    const first = await client.call(
      '/api/get_random_photos_for_rating',
      {
        category_id: categoryId,
        anonymous_id: 'scale-first-device',
      },
      null,
    );
    const firstPair = secondsSince(started);
    started = performance.now();
    await client.call(
      '/api/get_leaderboard',
      { category_id: categoryId, period_type: 'all' },
      null,
    );
    const firstBoard = secondsSince(started);
    console.log(
      `  server ready in ${Math.round(ready.readyMs)} ms; first pair (loads the pairing index) ` +
        `${firstPair} s (code ${first.code}); first leaderboard (loads the boards) ${firstBoard} s; ` +
        `server RSS ${memoryOf(pid).rss} MB`,
    );

    const population: Population = {
      categories: [categoryId],
      voters: [
        ...(await signInMany(client, 'scale-voter', 100, hostSecret)),
        ...Array.from({ length: 3000 }, (_, index) => ({
          anonymousId: `scale-anon-${index}`,
          token: null,
        })),
      ],
      owners: await signInMany(client, 'scale-owner', 10, hostSecret),
      images: [],
    };
    const mix: Mix = {
      votes: rate,
      leaderboards: rate / 5,
      stats: 0,
      profiles: 0,
      categories: 0,
      uploads: 0,
      lookMs: [450, 1500],
    };
    const steady = new Recorder();
    await runPhase(streams(client, population, mix, steady), seconds, steady);
    console.log(
      `  steady: ${rate} arena cycles/s and ${rate / 5} leaderboards/s for ${seconds} s ` +
        '(open loop; latency from issue to answer):',
    );
    console.table(rows(steady, seconds));

    const during = new Recorder();
    const light: Mix = { ...mix, votes: rate / 5, leaderboards: rate / 25 };
    // An object, so the loop below re-reads the flag the refit's end sets.
    const phase = { refitting: true };
    const load = (async () => {
      while (phase.refitting) {
        await runPhase(streams(client, population, light, during), 5, during);
      }
    })();
    const refit = await refitInServer(server.url, pid).finally(() => {
      phase.refitting = false;
    });
    await load;
    console.log(
      `  refit (in the server, SIGUSR2): ${refit.seconds} s as measured by the server ` +
        `(${refit.wallSeconds} s from the signal to /metrics); server peak RSS ${refit.peakMb} MB`,
    );
    console.log(`  while the refit ran, at ${light.votes} arena cycles/s:`);
    console.table(rows(during, refit.wallSeconds));
    const memory = memoryOf(pid);
    console.log(`  server memory: RSS ${memory.rss} MB, peak ${memory.peak} MB`);
  } finally {
    await client.close();
    if (process.env.PROFILE) await server.stop();
    await server.close();
  }
}

console.log(
  `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GB RAM; ${photos.toLocaleString('en-US')} photos and ` +
    `${votes.toLocaleString('en-US')} votes in one category; client and server in separate ` +
    'processes',
);
const started = performance.now();
for (const kind of wanted) {
  let target: BenchDatabase;
  if (kind === 'sqlite') target = sqliteDatabase();
  else if (kind === 'postgres') target = await postgresDatabase(postgresUrl);
  else throw new Error(`--db must be sqlite, postgres or both (got ${kind})`);
  try {
    await measure(target);
  } finally {
    await target.drop();
  }
}
console.log(`\ntotal run time ${secondsSince(started)} s`);
