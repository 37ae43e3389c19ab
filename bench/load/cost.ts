/**
 * The server's CPU time per call: each call driven N times (8 at a time) against the bundled
 * server, with the process's user + system time read from /proc before and after. Unlike
 * latency, this figure holds on a busy machine, so it is what to watch while optimising; the
 * capacity of one core is 1000 / (ms per call) calls per second. To compare two builds on a
 * busy machine, use `bench:load-cost-compare`, which runs them side by side.
 *
 *   npm run bench:load-cost -w bench        (N=2000 PHOTOS=200 PROFILE=1 DATABASE_URL=…)
 *
 * PROFILE=1 also writes a V8 CPU profile of the server into bench/dist/profiles, and prints when
 * each call's stretch began and ended in the profile's seconds (for `profile:summary --from --to`).
 * CALLS=get_random_photos_for_rating,submit_photo_rating measures only those calls (in order).
 * HISTORY=2000 first has 16 voters (HISTORY_VOTERS) cast 2,000 votes each, then measures their
 * calls alone: what an engaged voter's request costs.
 * PROFILE_SQL=1 (SQLite) times every statement the server's main thread runs (sql-timer.ts) and
 * prints, for each call, the costliest statements of its stretch, per call.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { repoRoot } from '../lib/process.js';
import { NODE_BUNDLE } from '../lib/server-process.js';
import {
  buildHistory,
  COST_CALLS,
  cpuMs,
  drive,
  mainThreadCpuMs,
  postgresCpuMs,
  startCostTarget,
  warm,
  writtenBytes,
} from './cost-calls.js';

const count = Number(process.env.N ?? 2000);
const photosPerCategory = Number(process.env.PHOTOS ?? 200);
const databaseUrl = process.env.DATABASE_URL ?? null;
const profileDir = path.join(repoRoot, 'bench/dist/profiles');

// HISTORY=n: the measured calls come from HISTORY_VOTERS (16) voters who cast n votes each first.
const history = Number(process.env.HISTORY ?? 0);
const historyVoters = Number(process.env.HISTORY_VOTERS ?? 16);
const only = process.env.CALLS?.split(',') ?? null;
const calls = COST_CALLS.filter(({ call }) => only === null || only.includes(call));
if (calls.length === 0)
  throw new Error(`CALLS names none of ${COST_CALLS.map((c) => c.call).join(', ')}`);

if (process.env.PROFILE_SQL && databaseUrl !== null) {
  throw new Error('PROFILE_SQL times SQLite statements: leave DATABASE_URL unset');
}
fs.mkdirSync(profileDir, { recursive: true });
// PROFILE_SQL: the server loads the statement timer, which writes its totals here when it exits.
const sqlTimerDir = process.env.PROFILE_SQL
  ? fs.mkdtempSync(path.join(profileDir, 'sql-timer-'))
  : null;
if (sqlTimerDir !== null) process.env.SQL_TIMER_DIR = sqlTimerDir;
const nodeArgs = [
  ...(process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
  ...(sqlTimerDir !== null ? ['--import', pathToFileURL(await buildSqlTimer()).href] : []),
];
// The profile's clock starts with the server process, a moment after this one.
const spawned = performance.now();
const target = await startCostTarget({
  name: 'cost',
  photosPerCategory,
  databaseUrl,
  ...(nodeArgs.length > 0 ? { nodeArgs } : {}),
});
const { pid } = target;

const rows: {
  call: string;
  requests: number;
  'server CPU ms/call': number;
  'of it main thread': number;
  'KB written/call': number;
  'PostgreSQL CPU ms/call'?: number;
  'calls/s (8 at a time)': number;
  'not ok': number;
}[] = [];
const stretches: { call: string; 'from s': number; 'to s': number }[] = [];
const sinceSpawn = () => Math.round((performance.now() - spawned) / 100) / 10;

await warm(target);
if (history > 0) {
  const started = performance.now();
  const notOk = await buildHistory(target, historyVoters, history);
  console.log(
    `history: ${historyVoters} voters × ${history} votes in ` +
      `${Math.round((performance.now() - started) / 1000)} s, ${notOk} not ok`,
  );
}
for (const { call, run } of calls) {
  const from = sinceSpawn();
  const before = cpuMs(pid);
  const mainBefore = mainThreadCpuMs(pid);
  const writtenBefore = writtenBytes(pid);
  const postgresBefore = databaseUrl ? postgresCpuMs() : 0;
  const started = performance.now();
  const notOk = await drive(target, run, 0, count);
  const seconds = (performance.now() - started) / 1000;
  stretches.push({ call, 'from s': from, 'to s': sinceSpawn() });
  const perCall = (value: number) => Math.round((value / count) * 1000) / 1000;
  rows.push({
    call,
    requests: count,
    'server CPU ms/call': perCall(cpuMs(pid) - before),
    'of it main thread': perCall(mainThreadCpuMs(pid) - mainBefore),
    'KB written/call': Math.round(((writtenBytes(pid) - writtenBefore) / count / 1024) * 10) / 10,
    ...(databaseUrl ? { 'PostgreSQL CPU ms/call': perCall(postgresCpuMs() - postgresBefore) } : {}),
    'calls/s (8 at a time)': Math.round(count / seconds),
    'not ok': notOk,
  });
}

await target.client.close();
if (process.env.PROFILE || sqlTimerDir !== null) {
  // SIGTERM: the graceful shutdown exits normally, which is when V8 writes the profile and the
  // statement timer its totals.
  process.kill(pid, 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 3000));
}
await target.demo.close();
console.log(
  `node ${process.version}, ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ` +
    `${target.categories.length} categories × ${photosPerCategory} demo photos, ` +
    `${target.voters.length} voters`,
);
console.table(rows);
if (process.env.PROFILE) {
  console.log(`profile written to ${profileDir}; each call's stretch, in its seconds:`);
  console.table(stretches);
}
if (sqlTimerDir !== null) printSqlTimes(sqlTimerDir);

/**
 * sql-timer.ts as plain JavaScript, which the bundled server loads with `--import` (its threads
 * inherit the flag, and a `.ts` file there would need tsx's loader in each of them).
 */
async function buildSqlTimer(): Promise<string> {
  const outfile = path.join(repoRoot, 'bench/dist/sql-timer.mjs');
  await build({
    entryPoints: [path.join(import.meta.dirname, 'sql-timer.ts')],
    outfile,
    ...NODE_BUNDLE,
  });
  return outfile;
}

/** Per measured call, the statements that took the server's main thread longest in its stretch. */
function printSqlTimes(dir: string): void {
  const runs: { source: string; tenth: number; count: number; ns: number }[] = [];
  for (const file of fs.readdirSync(dir)) {
    const found = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<
      string,
      [number, number, number][]
    >;
    for (const [source, tenths] of Object.entries(found)) {
      for (const [tenth, count, ns] of tenths) runs.push({ source, tenth, count, ns });
    }
  }
  for (const stretch of stretches) {
    const totals = new Map<string, { count: number; ns: number }>();
    for (const run of runs) {
      const second = run.tenth / 10;
      if (second < stretch['from s'] || second >= stretch['to s']) continue;
      const entry = totals.get(run.source) ?? { count: 0, ns: 0 };
      totals.set(run.source, { count: entry.count + run.count, ns: entry.ns + run.ns });
    }
    const all = [...totals.values()].reduce((sum, entry) => sum + entry.ns, 0);
    console.log(
      `${stretch.call}: SQLite statements in its stretch (${String(stretch['from s'])}–` +
        `${String(stretch['to s'])} s), ${(all / 1e6 / count).toFixed(3)} ms per call; the costliest:`,
    );
    console.table(
      [...totals]
        .sort((a, b) => b[1].ns - a[1].ns)
        .slice(0, 10)
        .map(([source, entry]) => ({
          statement: source.replace(/\s+/g, ' ').slice(0, 90),
          'runs per call': Math.round((entry.count / count) * 100) / 100,
          'µs/run': Math.round(entry.ns / entry.count / 100) / 10,
          'ms per call': Math.round((entry.ns / 1e6 / count) * 1000) / 1000,
        })),
    );
  }
}
