/**
 * Scale: 1,000,000 photos and 10,000,000 votes in one category, on SQLite and on PostgreSQL,
 * through the real server (bundled, its own process). Seeds the database directly, then prints:
 * the time to ready, the first pair fetch (which loads the category's pairing index), pair fetch,
 * vote and leaderboard latency under a steady open-loop load, the batch refit's duration (run in
 * the server, started with SIGUSR2, while it keeps serving), the latency during the refit, and
 * the server's peak memory; then the incremental refit (ADR 0029): `--increment` new votes written
 * into the database, the server's periodic refit (SIGUSR2 again) fits only them, timed with its
 * extra memory and the latency meanwhile; and how far it lands from a full refit of the same
 * votes (Kendall τ between the two orders of the active photos, the largest score difference).
 *
 *   npm run bench:scale -w bench
 *   npm run bench:scale -w bench -- --db sqlite --photos 100000 --votes 1000000
 *
 * Options: --photos N (1000000), --votes N (10000000), --db sqlite|postgres|both (both),
 * --rate N arena cycles/s during the measurement and during the refits (100), --seconds N (30),
 * --increment N new votes before the incremental refit (100000). PostgreSQL: a fresh
 * schema in TEST_DATABASE_URL (default: the local yanzhi_test), dropped afterwards. PROFILE=1
 * writes a CPU profile of the server into bench/dist/profiles.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { forEachDatabase, type BenchDatabase } from '../leaderboard/databases.js';
import { Recorder, rows, runPhase } from '../load/open-loop.js';
import { Client, signInMany, streams, type Mix, type Population } from '../load/traffic.js';
import { repoRoot } from '../lib/process.js';
import { bundleServer, KillableServer } from '../lib/server-process.js';
import { SCALE_TIME_ZONE, seedScale } from './seed.js';
import { seedVotes } from './votes.js';
import { applyOnlineMoves, newestVoteId } from './online.js';
import { kendallTauFast } from '../lib/kendall.js';
import { fitMarkKey } from '../../apps/server/src/repositories/settings.repository.js';
import { ReferenceRepository } from '../../apps/server/src/repositories/reference.repository.js';
import { priorVoterWeight, ratingParams } from '../../apps/server/src/domain/rating/index.js';

const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '1000000' },
    votes: { type: 'string', default: '10000000' },
    db: { type: 'string', default: 'both' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
    increment: { type: 'string', default: '100000' },
  },
});
const increment = Number(values.increment);
/**
 * Load between the injected votes and the incremental refit, a window at a time, until a window
 * is answered as the steady phase was (or the longest catch-up has passed), in s.
 */
const CATCH_UP_WINDOW_SECONDS = 5;
/** At least this long: the server looks for other processes' writes every few seconds. */
const CATCH_UP_MIN_SECONDS = 10;
const CATCH_UP_MAX_SECONDS = 240;
const photos = Number(values.photos);
const votes = Number(values.votes);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const timeZone = SCALE_TIME_ZONE;
const RAISED = '10000000';

const secondsSince = (from: number) => Math.round((performance.now() - from) / 100) / 10;

/** Resident and peak resident memory of a process, in MB, from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(field('VmRSS') / 1024), peak: Math.round(field('VmHWM') / 1024) };
}

/** Starts the process's peak RSS (VmHWM) again from its current RSS (Linux, clear_refs 5). */
function resetPeak(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** What the boards rank of every active photo: its fitted μ and its score, by id. */
async function activeScores(target: BenchDatabase, categoryId: number) {
  const handle = target.open();
  try {
    const rows = await handle.db
      .selectFrom('photos')
      .select(['id', 'mu', 'current_score'])
      .where('category_id', '=', categoryId)
      .where('state', '=', 'active')
      .orderBy('id')
      .execute();
    return {
      id: Float64Array.from(rows, (row) => row.id),
      mu: Float64Array.from(rows, (row) => row.mu),
      score: Float64Array.from(rows, (row) => row.current_score),
    };
  } finally {
    await handle.close();
  }
}

/** The category's reference set (its photos' ids). */
async function referenceMembers(target: BenchDatabase, categoryId: number): Promise<number[]> {
  const handle = target.open();
  try {
    const members = await new ReferenceRepository(handle.db).references(categoryId);
    return members.sort((a, b) => a - b);
  } finally {
    await handle.close();
  }
}

/** Makes the next periodic refit a full one: its mark says a tenth of the votes are new. */
async function makeFullRefitDue(target: BenchDatabase, categoryId: number): Promise<void> {
  const handle = target.open();
  try {
    const key = fitMarkKey(categoryId);
    const row = await handle.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    const mark = JSON.parse(row.value) as { fullVotes: number; newVotes: number };
    await handle.db
      .updateTable('app_settings')
      .set({ value: JSON.stringify({ ...mark, newVotes: mark.fullVotes + 1 }) })
      .where('key', '=', key)
      .execute();
  } finally {
    await handle.close();
  }
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
  const seededCategory = await seedScale(target, photos, votes);
  const hostSecret = randomBytes(32).toString('hex');
  const bundle = await bundleServer();
  const profileDir = path.join(repoRoot, 'bench/dist/profiles');
  // PROFILE=1: a V8 CPU profile of the server (read it with `npm run profile:summary -w bench`).
  const entry = process.env.PROFILE
    ? { ...bundle, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] }
    : bundle;
  const env = {
    ...target.env,
    // SERVER_LOG_LEVEL=info: the server's log (below) also holds each refit's phases.
    LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? 'warn',
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
  const launched = performance.now();
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

    /** A refit in the server (SIGUSR2) under the steady load, and the latency meanwhile. */
    const refitUnderLoad = async () => {
      const during = new Recorder();
      // An object, so the loop below re-reads the flag the refit's end sets.
      const phase = { refitting: true };
      const began = performance.now();
      const load = (async () => {
        while (phase.refitting) {
          await runPhase(streams(client, population, mix, during), 5, during);
        }
      })();
      const refit = await refitInServer(server.url, pid).finally(() => {
        phase.refitting = false;
      });
      await load;
      // The load runs in 5 s phases: the rates are over all of them.
      return { refit, during, loadSeconds: secondsSince(began) };
    };

    const full = await refitUnderLoad();
    console.log(
      `  full refit (in the server, SIGUSR2): ${full.refit.seconds} s as measured by the server ` +
        `(${full.refit.wallSeconds} s from the signal to /metrics); server peak RSS ` +
        `${full.refit.peakMb} MB`,
    );
    console.log(
      `  while the full refit ran (and until the 5 s load phase then under way ended), at ` +
        `${rate} arena cycles/s:`,
    );
    console.table(rows(full.during, full.loadSeconds));
    const memory = memoryOf(pid);
    console.log(`  server memory: RSS ${memory.rss} MB, peak ${memory.peak} MB`);

    // The incremental refit (ADR 0029): new votes by new voters, then the periodic refit again.
    let started2 = performance.now();
    const handle = target.open();
    try {
      if (increment > 0) {
        const before = await newestVoteId(handle.db, seededCategory);
        await seedVotes(
          handle.db,
          target.kind,
          seededCategory,
          photos,
          increment,
          Date.now(),
          Math.ceil(votes / 200) * 200,
          // What the online path stores for a voter no refit has seen yet.
          priorVoterWeight(),
        );
        // Each vote's online move, as the vote route makes it; the server's index follows the
        // rows (their updated_at), and the increment writes only the rows its fit moves beyond.
        await applyOnlineMoves(handle.db, seededCategory, before, ratingParams(), Date.now());
      }
    } finally {
      await handle.close();
      target.checkpoint();
    }
    console.log(
      `  ${increment.toLocaleString('en-US')} new votes written in ${secondsSince(started2)} s`,
    );
    // The votes came behind the server's back, not through its vote route: under load it
    // follows the rows they moved (its pairing index and boards reload past 20,000 changes; at
    // 1,000,000 photos that takes longer than 10 s under load). The refit starts once it has, as
    // it would find a server whose votes came through it: once a window of the load is answered
    // within twice the steady phase's p99 (at least 50 ms), call by call, and none is refused.
    const catchUp = new Recorder();
    // What a window's p99 may be, call by call: twice the steady phase's, at least 50 ms.
    const bar = new Map(
      rows(steady, seconds).map((row) => [row.call, Math.max(50, 2 * row['p99 ms'])]),
    );
    const caughtUp = await (async () => {
      for (let waited = 0; waited < CATCH_UP_MAX_SECONDS;) {
        const window = new Recorder();
        await runPhase(streams(client, population, mix, window), CATCH_UP_WINDOW_SECONDS, window);
        catchUp.add(window);
        waited += CATCH_UP_WINDOW_SECONDS;
        const figures = rows(window, CATCH_UP_WINDOW_SECONDS);
        const refused = figures.reduce((sum, row) => sum + row['503xx'] + row['429xx'], 0);
        console.log(
          `    ${waited - CATCH_UP_WINDOW_SECONDS}–${waited} s: p99 ` +
            figures.map((row) => `${row.call} ${row['p99 ms']} ms`).join(', ') +
            `; refused ${refused}`,
        );
        const settled =
          refused === 0 && figures.every((row) => row['p99 ms'] <= (bar.get(row.call) ?? 50));
        if (settled && waited >= CATCH_UP_MIN_SECONDS) return waited;
      }
      return null;
    })();
    console.log(
      caughtUp === null
        ? `  then ${CATCH_UP_MAX_SECONDS} s of load, and the server had not caught up with the rows those votes moved:`
        : `  then ${caughtUp} s of load until the server had followed the rows those votes moved:`,
    );
    console.table(rows(catchUp, caughtUp ?? CATCH_UP_MAX_SECONDS));
    const beforeIncrement = await activeScores(target, seededCategory);
    const membersBefore = await referenceMembers(target, seededCategory);
    resetPeak(pid);
    const rssBefore = memoryOf(pid).rss;
    // For the profile (PROFILE=1, profile:summary --from/--to): where the increment lies in it.
    const incrementFrom = secondsSince(launched);
    const incremental = await refitUnderLoad();
    if (process.env.PROFILE) {
      console.log(
        `  (profile: the incremental refit ran from about ${incrementFrom} s to ` +
          `${secondsSince(launched)} s after the server was started)`,
      );
    }
    console.log(
      `  incremental refit (SIGUSR2): ${incremental.refit.seconds} s as measured by the server ` +
        `(${incremental.refit.wallSeconds} s from the signal to /metrics); RSS ${rssBefore} MB ` +
        `before, peak ${incremental.refit.peakMb} MB while it ran: ` +
        `${incremental.refit.peakMb - rssBefore} MB extra`,
    );
    console.log(
      `  while the incremental refit ran (and until the 5 s load phase then under way ended), ` +
        `at ${rate} arena cycles/s:`,
    );
    console.table(rows(incremental.during, incremental.loadSeconds));

    // How far from a full refit of the same votes: the votes cast through the API meanwhile are
    // fitted by one more incremental refit with no load, then the full one runs on the same votes.
    started2 = performance.now();
    await refitInServer(server.url, pid);
    const afterIncrement = await activeScores(target, seededCategory);
    await makeFullRefitDue(target, seededCategory);
    const check = await refitInServer(server.url, pid);
    const afterFull = await activeScores(target, seededCategory);
    let largest = 0;
    let squares = 0;
    for (let i = 0; i < afterFull.score.length; i++) {
      const gap = Math.abs((afterFull.score[i] as number) - (afterIncrement.score[i] as number));
      largest = Math.max(largest, gap);
      squares += gap * gap;
    }
    console.log(
      `  incremental against full (${afterFull.mu.length.toLocaleString('en-US')} active photos; ` +
        `the full refit took ${check.seconds} s): Kendall τ ${kendallTauFast(afterIncrement.mu, afterFull.mu).toFixed(5)} ` +
        `by μ, ${kendallTauFast(afterIncrement.score, afterFull.score).toFixed(5)} by score; ` +
        `largest score difference ${(largest / 100).toFixed(2)}, rms ` +
        `${(Math.sqrt(squares / Math.max(1, afterFull.score.length)) / 100).toFixed(3)} ` +
        `(checked in ${secondsSince(started2)} s); before the increment, against the same full ` +
        `refit: τ ${kendallTauFast(beforeIncrement.mu, afterFull.mu).toFixed(5)} by μ`,
    );
    // A shift or a stretch of every score shows here, apart from the order's agreement.
    const spread = (values: Float64Array, unit: number) => {
      let sum = 0;
      for (const value of values) sum += value;
      const mean = sum / Math.max(1, values.length);
      let squares = 0;
      for (const value of values) squares += (value - mean) ** 2;
      const sd = Math.sqrt(squares / Math.max(1, values.length));
      return `${(mean / unit).toFixed(3)} ± ${(sd / unit).toFixed(3)}`;
    };
    const members = await referenceMembers(target, seededCategory);
    const atMembers = (snapshot: { id: Float64Array; mu: Float64Array }) =>
      Float64Array.from(members, (id) => snapshot.mu[snapshot.id.indexOf(id)] ?? Number.NaN);
    console.log(
      `  the ${members.length} reference photos' μ (mean ± sd): before the increment ` +
        `${spread(atMembers(beforeIncrement), 1)}, after it ${spread(atMembers(afterIncrement), 1)}, ` +
        `full ${spread(atMembers(afterFull), 1)}; ` +
        `${members.filter((id) => !membersBefore.includes(id)).length} of them new since the increment`,
    );
    console.log(
      `  mean ± sd of μ / of the score: before the increment ${spread(beforeIncrement.mu, 1)} / ` +
        `${spread(beforeIncrement.score, 100)}, after it ${spread(afterIncrement.mu, 1)} / ` +
        `${spread(afterIncrement.score, 100)}, full ${spread(afterFull.mu, 1)} / ` +
        spread(afterFull.score, 100),
    );
    // The seed's votes favour the lower photo id (votes.ts): each order against that one.
    const seedOrder = afterFull.id.map((id) => -id);
    console.log(
      `  τ against the seed's order (lower id stronger): before the increment ` +
        `${kendallTauFast(beforeIncrement.mu, seedOrder).toFixed(5)}, after it ` +
        `${kendallTauFast(afterIncrement.mu, seedOrder).toFixed(5)}, full ` +
        kendallTauFast(afterFull.mu, seedOrder).toFixed(5),
    );
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
await forEachDatabase(values.db, measure);
console.log(`\ntotal run time ${secondsSince(started)} s`);
