/**
 * The batch refit of one large category, phase by phase, in a process of its own: how long each
 * phase takes, the longest stretch the event loop was blocked in each, how long a small read and
 * a small write transaction (a pair request's and a vote's kind of work) waited while the refit
 * ran, and the process's peak memory.
 *
 *   npm run bench:refit -w bench
 *   npm run bench:refit -w bench -- --db postgres --photos 200000 --votes 2000000
 *
 * Options: --photos N (200000), --votes N (2000000), --db sqlite|postgres|both (sqlite),
 * --increment N (0). The database is seeded as bench/scale seeds it, then a child process (so the
 * seeding's memory does not count) loads the category's pairing index as a running server has it
 * and runs the refit. With --increment, that full refit is followed by N new votes and the
 * periodic refit, which fits only them (ADR 0029), measured the same way. PROFILE=1 writes a CPU
 * profile of the measuring process into bench/dist/profiles (`npm run profile:summary -w bench --
 * <file> --stalls 20` lists its busy stretches).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { DatabaseHandle } from '../../apps/server/src/db/database.js';
import { inTransaction } from '../../apps/server/src/db/transaction.js';
import { SettingsRepository } from '../../apps/server/src/repositories/settings.repository.js';
import { checkpointSqlite, forEachDatabase, type BenchDatabase } from '../leaderboard/databases.js';
import { inProcessApp } from '../lib/in-process-app.js';
import { repoRoot } from '../lib/process.js';
import { percentile } from '../lib/stats.js';
import { seedScale } from './seed.js';
import { seedVotes } from './votes.js';
import { applyOnlineMoves, newestVoteId } from './online.js';
import { arenaRatingParams } from '../../apps/server/src/services/index.js';
import { priorVoterWeight } from '../../apps/server/src/domain/rating/index.js';
import type { RefitSummary } from '../../apps/server/src/services/refit.service.js';

const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '200000' },
    votes: { type: 'string', default: '2000000' },
    db: { type: 'string', default: 'sqlite' },
    increment: { type: 'string', default: '0' },
    child: { type: 'string' },
  },
});

interface ChildTask {
  env: Record<string, string>;
  kind: BenchDatabase['kind'];
  categoryId: number;
  photos: number;
  votes: number;
  increment: number;
}

interface Probe {
  read: number[];
  write: number[];
}

const round = (value: number) => Math.round(value * 10) / 10;
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Runs in the child: the server's services on the seeded database, one refit, measured. */
async function runChild(task: ChildTask): Promise<void> {
  const app = await inProcessApp(task.env);
  const { config, database, services } = app;
  const started = performance.now();
  await services.arenaIndexes.get(task.categoryId);
  const indexLoadMs = Math.round(performance.now() - started);
  console.log(`  pairing index loaded in ${indexLoadMs} ms`);
  const run = (label: string, refit: () => Promise<RefitSummary[] | null>) =>
    measured(label, database, refit);
  await run('full refit', () => services.refit.refitAll());
  if (task.increment > 0) {
    const at = performance.now();
    const before = await newestVoteId(database.db, task.categoryId);
    await seedVotes(
      database.db,
      task.kind,
      task.categoryId,
      task.photos,
      task.increment,
      Date.now(),
      Math.ceil(task.votes / 200) * 200,
      priorVoterWeight(),
    );
    // Each vote's online move, in the rows and in this process's pairing index, as the vote
    // route makes it: the increment writes only the rows its fit moves beyond them.
    const moved = await applyOnlineMoves(
      database.db,
      task.categoryId,
      before,
      arenaRatingParams(config.arena),
      Date.now(),
    );
    const { index } = await services.arenaIndexes.get(task.categoryId);
    for (const [id, belief] of moved) index.update(String(id), belief);
    // Committed, then checkpointed: the server's checkpoint thread counts commits, and these
    // votes came in one (databases.ts, checkpointSqlite).
    await database.durable();
    if (config.database.kind === 'sqlite') checkpointSqlite(config.database.file);
    console.log(
      `  ${task.increment.toLocaleString('en-US')} new votes written in ` +
        `${Math.round(performance.now() - at)} ms`,
    );
    await run('incremental refit', () => services.refit.refitPeriodic());
  }
  await app.close();
}

/** One refit, measured: its phases, the stalls, a probe's waits and the memory. */
async function measured(
  label: string,
  database: DatabaseHandle,
  refit: () => Promise<RefitSummary[] | null>,
): Promise<void> {
  let started = performance.now();
  const rssBefore = mb(process.memoryUsage.rss());

  // The longest gaps between ticks of a 5 ms timer, with when they ended.
  const gaps: { end: number; ms: number }[] = [];
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    if (now - last > 50) gaps.push({ end: now, ms: now - last });
    last = now;
  }, 5);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // Garbage collections of this thread, for what of a stall they are.
  const collections: { kind: number; ms: number }[] = [];
  const collector = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as { detail?: { kind?: number } }).detail;
      collections.push({ kind: detail?.kind ?? 0, ms: entry.duration });
    }
  });
  collector.observe({ entryTypes: ['gc'] });
  let rssPeak = rssBefore;
  const rssSamples: { at: number; mb: number }[] = [];
  let atPeak = process.memoryUsage();
  const sampler = setInterval(() => {
    const rss = mb(process.memoryUsage.rss());
    rssSamples.push({ at: performance.now(), mb: rss });
    if (rss > rssPeak) atPeak = process.memoryUsage();
    rssPeak = Math.max(rssPeak, rss);
  }, 50);

  // A small read and a small write transaction every 50 ms while the refit runs.
  const settings = new SettingsRepository(database.db);
  const probe: Probe = { read: [], write: [] };
  const phase = { running: true };
  const probing = (async () => {
    while (phase.running) {
      let at = performance.now();
      await database.db
        .selectFrom('photos')
        .select(['id', 'mu'])
        .where('id', '=', 1 + Math.floor(Math.random() * 1000))
        .execute();
      probe.read.push(performance.now() - at);
      at = performance.now();
      await inTransaction(database.db, (trx) =>
        new SettingsRepository(trx).set('bench:probe', String(at), Date.now()),
      );
      await database.durable();
      probe.write.push(performance.now() - at);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  started = performance.now();
  const summaries = await refit();
  const wallMs = performance.now() - started;
  phase.running = false;
  await probing;
  // On SQLite every query resolves without the event loop turning, so a stall ends only when a
  // timer finally runs: let the ticker see the last one.
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(ticker);
  clearInterval(sampler);
  delay.disable();
  collector.disconnect();
  const summary = summaries?.[0];
  if (!summary) throw new Error('no refit ran');

  // Each phase's span, and the longest stall that overlapped it (a stall may span phases).
  let from = started;
  const spans = Object.entries(summary.phases).map(([name, ms]) => {
    const span = { name, ms, from, to: from + ms };
    from += ms;
    return span;
  });
  const overlapping = (gap: { end: number; ms: number }) =>
    spans.filter((span) => gap.end - gap.ms < span.to && gap.end > span.from);
  const phases = spans.map((span) => ({
    phase: span.name,
    ms: span.ms,
    'longest stall overlapping ms': Math.round(
      Math.max(0, ...gaps.filter((gap) => overlapping(gap).includes(span)).map((gap) => gap.ms)),
    ),
    'peak RSS MB': Math.max(
      0,
      ...rssSamples
        .filter((sample) => sample.at >= span.from && sample.at < span.to + 50)
        .map((sample) => sample.mb),
    ),
  }));
  const longest = [...gaps].sort((a, b) => b.ms - a.ms).slice(0, 5);
  const stats = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return `p50 ${round(percentile(sorted, 50))} / p99 ${round(percentile(sorted, 99))} / max ${round(sorted.at(-1) ?? 0)} ms (${sorted.length})`;
  };
  await settings.get('bench:probe');
  console.log(
    `  ${label} (${summary.kind}): ${Math.round(wallMs)} ms ` +
      `(${summary.photos.toLocaleString('en-US')} photos` +
      (summary.written === undefined
        ? ', '
        : `, the rows of ${summary.written.toLocaleString('en-US')} written and ` +
          `${(summary.recorded ?? 0).toLocaleString('en-US')} scores recorded, `) +
      `${summary.votes.toLocaleString('en-US')} votes, converged ${summary.converged})` +
      (summary.committedMs === undefined
        ? ''
        : `; results committed (visible, durable) after ${summary.committedMs} ms, ` +
          `then its fit states folded in ${summary.phases.fold ?? 0} ms`),
  );
  console.table(phases);
  console.log(
    `  longest event-loop stall: ${Math.round(delay.max / 1e6)} ms (monitorEventLoopDelay); ` +
      `longest: ${longest
        .map(
          (gap) =>
            `${Math.round(gap.ms)} ms (${overlapping(gap)
              .map((span) => span.name)
              .join('+')})`,
        )
        .join(', ')}`,
  );
  const pauses = collections.map((collection) => collection.ms).sort((a, b) => b - a);
  const major = collections.filter(
    (collection) => collection.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
  );
  console.log(
    `  garbage collection: ${collections.length} pauses, ${Math.round(pauses.reduce((sum, ms) => sum + ms, 0))} ms in all, ` +
      `${major.length} major; longest: ${pauses
        .slice(0, 5)
        .map((ms) => `${Math.round(ms)} ms`)
        .join(', ')}`,
  );
  console.log(`  while it ran, a one-row read: ${stats(probe.read)}`);
  console.log(`  while it ran, a one-row write transaction (+ flush): ${stats(probe.write)}`);
  console.log(
    `  RSS before ${rssBefore} MB, peak during the refit ${rssPeak} MB ` +
      `(process high-water mark ${mb(process.resourceUsage().maxRSS * 1024)} MB); at the peak ` +
      `this thread's heap held ${mb(atPeak.heapUsed)} of ${mb(atPeak.heapTotal)} MB, ` +
      `array buffers ${mb(atPeak.arrayBuffers)} MB`,
  );
}

async function measure(target: BenchDatabase, photos: number, votes: number): Promise<void> {
  console.log(`\n== ${target.label}`);
  const categoryId = await seedScale(target, photos, votes);
  const task: ChildTask = {
    env: target.env,
    kind: target.kind,
    categoryId,
    photos,
    votes,
    increment: Number(values.increment),
  };
  const self = fileURLToPath(import.meta.url);
  const profile = process.env.PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(repoRoot, 'bench/dist/profiles')}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', '--conditions=source', self, '--child', JSON.stringify(task)],
    { stdio: 'inherit' },
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the measuring process exited with ${code}`);
}

if (values.child !== undefined) {
  await runChild(JSON.parse(values.child) as ChildTask);
} else {
  const photos = Number(values.photos);
  const votes = Number(values.votes);
  console.log(
    `node ${process.version}, ${os.cpus().length} cores, load average ` +
      `${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}; ` +
      `${photos.toLocaleString('en-US')} photos, ${votes.toLocaleString('en-US')} votes`,
  );
  await forEachDatabase(values.db, (target) => measure(target, photos, votes));
}
