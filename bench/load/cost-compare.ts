/**
 * Two builds' CPU time per call, measured side by side: both servers run at once and each call
 * is driven in alternating rounds (one build, then the other, the order swapped every round), so
 * a busy machine slows both alike; and that on several pairs of fresh processes (PAIRS), since
 * one process's own speed (its heap, its JIT's choices) varies by ±15% for the cheapest calls.
 * The figure to judge "no call slower than before" by is the median over the pairs of each
 * pair's median round change. Sequential runs of `bench:load-cost` vary by 20% on a shared
 * 2-core machine and cannot show 5%.
 *
 *   BASE_BUNDLE=/path/to/other/checkout/bench/dist/server/main.js \
 *     npm run bench:load-cost-compare -w bench          (N=4000 ROUNDS=8 PAIRS=3 PHOTOS=200 CALLS=a,b)
 *
 * Any load bench run in the other checkout leaves its bundle at bench/dist/server/main.js (e.g.
 * `git worktree add --detach ../base <rev>`, `npm ci` there, `N=10 npm run bench:load-cost -w bench`).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../lib/process.js';
import { COST_CALLS, cpuMs, drive, startCostTarget, warm, type CostTarget } from './cost-calls.js';

const baseBundle = process.env.BASE_BUNDLE;
if (!baseBundle || !statSync(baseBundle, { throwIfNoEntry: false })?.isFile()) {
  console.error('BASE_BUNDLE must name the other build’s bench/dist/server/main.js');
  process.exit(2);
}
const count = Number(process.env.N ?? 4000);
const rounds = Number(process.env.ROUNDS ?? 8);
const pairs = Number(process.env.PAIRS ?? 3);
const photosPerCategory = Number(process.env.PHOTOS ?? 200);
const databaseUrl = null;
/** Only these calls (comma-separated names); the votes need the pairs, so those are served too. */
const only = process.env.CALLS?.split(',');
const measured = (call: string) => !only || only.includes(call);

/** PROFILE=1: both servers write a V8 CPU profile (bench/dist/profiles/<before|after>). */
const profile = (name: string) =>
  process.env.PROFILE
    ? {
        nodeArgs: [
          '--cpu-prof',
          `--cpu-prof-dir=${path.join(repoRoot, 'bench/dist/profiles', name)}`,
        ],
      }
    : {};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;

/** One call's figures from one pair of server processes. */
interface Measured {
  before: number;
  after: number;
  /** Median over the rounds of (after's CPU / before's CPU). */
  roundRatio: number;
  notOk: number;
}

/** Drives `run` on both servers in alternating rounds; CPU ms per call of each. */
async function compareCall(
  before: CostTarget,
  after: CostTarget,
  run: (typeof COST_CALLS)[number]['run'],
): Promise<Measured> {
  const total = new Map<CostTarget, number>([
    [before, 0],
    [after, 0],
  ]);
  const ratios: number[] = [];
  let notOk = 0;
  const chunk = Math.ceil(count / rounds);
  for (let round = 0; round < rounds; round += 1) {
    const from = round * chunk;
    const to = Math.min(count, from + chunk);
    const spent = new Map<CostTarget, number>();
    for (const target of round % 2 ? [after, before] : [before, after]) {
      const start = cpuMs(target.pid);
      notOk += await drive(target, run, from, to);
      spent.set(target, cpuMs(target.pid) - start);
      total.set(target, (total.get(target) ?? 0) + (spent.get(target) ?? 0));
    }
    ratios.push((spent.get(after) ?? 0) / Math.max(1, spent.get(before) ?? 0));
  }
  return {
    before: (total.get(before) ?? 0) / count,
    after: (total.get(after) ?? 0) / count,
    roundRatio: median(ratios),
    notOk,
  };
}

/** One pair of fresh server processes, every measured call compared on them. */
async function comparePair(pair: number): Promise<Map<string, Measured>> {
  const before = await startCostTarget({
    name: `cost-before-${pair}`,
    photosPerCategory,
    databaseUrl,
    bundle: baseBundle,
    ...profile('before'),
  });
  const after = await startCostTarget({
    name: `cost-after-${pair}`,
    photosPerCategory,
    databaseUrl,
    ...profile('after'),
  });
  await warm(before);
  await warm(after);
  const figures = new Map<string, Measured>();
  for (const { call, run } of COST_CALLS) {
    const servesVotes = call === 'get_random_photos_for_rating' && measured('submit_photo_rating');
    if (measured(call) || servesVotes) figures.set(call, await compareCall(before, after, run));
  }
  await before.client.close();
  await after.client.close();
  if (process.env.PROFILE) {
    // SIGTERM: the graceful shutdown exits normally, which is when V8 writes the profile.
    process.kill(before.pid, 'SIGTERM');
    process.kill(after.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  await before.demo.close();
  await after.demo.close();
  return figures;
}

// A server process's own speed (its heap, its JIT's choices) varies by more than 5% for the
// cheapest calls; several pairs of processes, each compared in rounds, are summed up by median.
const runs: Map<string, Measured>[] = [];
for (let pair = 0; pair < pairs; pair += 1) runs.push(await comparePair(pair));
const rows = [...(runs[0]?.keys() ?? [])].map((call) => {
  const of = runs.flatMap((figures) => figures.get(call) ?? []);
  const ms = (value: number) => Math.round(value * 1000) / 1000;
  return {
    call,
    'before ms/call': ms(median(of.map((m) => m.before))),
    'after ms/call': ms(median(of.map((m) => m.after))),
    'median change': percent(median(of.map((m) => m.roundRatio))),
    'each pair': of.map((m) => percent(m.roundRatio)).join(' '),
    'not ok': of.reduce((sum, m) => sum + m.notOk, 0),
  };
});

console.log(
  `node ${process.version}, SQLite, ${pairs} pairs of processes, ${count} calls each in ` +
    `${rounds} alternating rounds, ${photosPerCategory} demo photos per category\n` +
    `before: ${baseBundle}\nafter:  this tree`,
);
console.table(rows);
