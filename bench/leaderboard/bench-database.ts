/** One database's run: seed, start the server, time the one-off costs, then every board. */
import { randomBytes } from 'node:crypto';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { currentPeriod } from '../../apps/server/src/domain/leaderboard/index.js';
import { SettingsRepository } from '../../apps/server/src/repositories/settings.repository.js';
import { refitStampKey } from '../../apps/server/src/repositories/settings.repository.js';
import type { Child } from '../lib/process.js';
import type { BenchDatabase } from './databases.js';
import { generateDataset, inPeriod, onBoard, type Dataset } from './dataset.js';
import {
  callBoard,
  checkCalls,
  latencyRow,
  runCalls,
  serverMemory,
  type BoardCall,
  type RunLimits,
} from './measure.js';
import { frozenCalls, liveCalls, type BoardFacts } from './scenarios.js';
import { seedDatabase } from './seed.js';
import { CACHE_SECONDS, login, startServer, stopServer, waitForStartupFreeze } from './server.js';

export interface BenchSettings {
  photos: number;
  users: number;
  requests: number;
  connections: number;
  timeZone: string;
  maxSeconds: number;
  cpuProfileDir: string | undefined;
}

const WARM_UP = 50;

const seconds = (from: number) => (performance.now() - from) / 1000;
const mb = (value: number) => `${value.toFixed(0)} MB`;

async function seed(target: BenchDatabase, settings: BenchSettings, now: number) {
  const started = performance.now();
  const data = generateDataset({
    photos: settings.photos,
    users: settings.users,
    now,
    timeZone: settings.timeZone,
    bigMonthShare: 0.3,
    bigMonthsBack: 3,
  });
  const generated = seconds(started);
  const handle = target.open();
  try {
    await migrateToLatest(handle.db);
    const seeded = await seedDatabase(
      handle.db,
      target.kind,
      data,
      settings.users,
      settings.timeZone,
      now,
    );
    return { data, seeded, generated, total: seconds(started) };
  } finally {
    await handle.close();
  }
}

/** A single timed call that must succeed (the one-off costs). */
async function once(server: Child, call: BoardCall): Promise<number> {
  const result = await callBoard(server.url, call);
  if (result.error !== null) throw new Error(`${call.label}: ${result.error}`);
  return result.ms;
}

function factsOf(data: Dataset, categoryId: number, token: string, now: number, tz: string) {
  const month = currentPeriod('month', now, tz);
  let runningMonthSize = 0;
  for (let row = 0; row < data.count; row += 1) {
    if (onBoard(data, row) && inPeriod(data, row, month)) runningMonthSize += 1;
  }
  const facts: BoardFacts = {
    categoryId,
    boardSize: data.boardSize,
    runningMonthSize,
    bigMonth: data.bigMonth,
    bigMonthSize: data.bigMonthSize,
    caller: data.caller,
    token,
    deepOffset: Math.round(data.count / 2),
  };
  return facts;
}

export async function benchDatabase(target: BenchDatabase, settings: BenchSettings) {
  const runStarted = performance.now();
  const now = Date.now();
  console.log(`\n=== ${target.label} ===`);
  const seeded = await seed(target, settings, now);
  const { data } = seeded;
  const sizeMb = await target.sizeMb();
  const secret = randomBytes(32).toString('base64url');

  const started = performance.now();
  const server = await startServer(target, settings, secret);
  const startSeconds = seconds(started);
  const pid = server.process.pid ?? 0;
  const rows: ReturnType<typeof latencyRow>[] = [];
  const oneOff: Record<string, string> = {};
  try {
    const startupFreeze = await waitForStartupFreeze(target);
    const idle = serverMemory(pid);
    const token = await login(server, secret);
    const facts = factsOf(data, seeded.seeded.categoryId, token, now, settings.timeZone);
    const live = liveCalls(facts);
    const [firstPage] = live;
    if (!firstPage) throw new Error('no calls');

    const loadMs = await once(server, firstPage);
    const loaded = serverMemory(pid);
    const warmMs = await once(server, firstPage);

    const limits: RunLimits = {
      requests: settings.requests,
      connections: settings.connections,
      maxSeconds: settings.maxSeconds,
      serverPid: pid,
    };
    const measure = async (call: BoardCall) => {
      // The warm-up checks whole answers (ranks, totals, my_entry); the timed runs check codes.
      const checked = await checkCalls(server.url, call, WARM_UP, 3);
      const sequential = await runCalls(server.url, call, { ...limits, connections: 1 });
      sequential.failed += checked.length;
      rows.push(latencyRow(call.label, 'seq', sequential));
      const concurrent = await runCalls(server.url, call, limits);
      rows.push(latencyRow(call.label, `c${settings.connections}`, concurrent));
      for (const error of new Set(checked)) console.error(`  ${call.label}: ${error}`);
    };
    for (const call of live) await measure(call);

    const frozen = frozenCalls(facts);
    const freezeMs = await once(server, frozen.freeze);
    for (const call of frozen.calls) await measure(call);

    // What every refit does (every ARENA_REFIT_SECONDS, 180 by default): stamp the category so
    // each process reloads its running boards. Reads that arrive meanwhile wait for the reload.
    const handle = target.open();
    try {
      await new SettingsRepository(handle.db).set(
        refitStampKey(facts.categoryId),
        `bench:${Date.now()}`,
        Date.now(),
      );
    } finally {
      await handle.close();
    }
    await new Promise((resolve) => setTimeout(resolve, CACHE_SECONDS * 1000 + 200));
    const reload = await runCalls(server.url, firstPage, limits);
    rows.push(latencyRow('all: page 1 across a refit reload', `c${settings.connections}`, reload));
    const end = serverMemory(pid);

    Object.assign(oneOff, {
      'photos (established active on the all board)': `${settings.photos.toLocaleString('en-US')} (${data.boardSize.toLocaleString('en-US')})`,
      'seed: generate + insert (users, photos, score days) + index': `${seeded.total.toFixed(1)} s (generate ${seeded.generated.toFixed(1)} s; ${seeded.seeded.scoreDays.toLocaleString('en-US')} score-day rows)`,
      'database size after seeding': mb(sizeMb),
      'server start (to /healthz)': `${startSeconds.toFixed(1)} s`,
      'start-up freeze of the previous day/week/month': `${startupFreeze.toFixed(1)} s after healthy`,
      'first read (loads the running boards)': `${loadMs.toFixed(0)} ms (next read ${warmMs.toFixed(1)} ms)`,
      'server RSS before / after the load (peak)': `${mb(idle.rss)} / ${mb(loaded.rss)} (${mb(loaded.peak)})`,
      [`first read of ${frozen.freeze.label} (${data.bigMonthSize.toLocaleString('en-US')} entries)`]: `${freezeMs.toFixed(0)} ms`,
      'server RSS at the end (peak)': `${mb(end.rss)} (${mb(end.peak)})`,
      'whole run for this database': `${seconds(runStarted).toFixed(0)} s`,
    });
  } finally {
    await stopServer(server);
  }
  console.log('one-off costs:');
  console.table(oneOff);
  console.log('get_leaderboard latency (HTTP round trip, page size 20):');
  console.table(rows);
}
