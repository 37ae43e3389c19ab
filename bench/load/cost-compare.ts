/**
 * Two builds' CPU time per call, measured side by side: both servers run at once and each call
 * is driven in alternating rounds (one build, then the other, the order swapped every round), so
 * a busy machine slows both alike. Sequential runs of `bench:load-cost` vary by 20% on a shared
 * 2-core machine; this comparison is what "no call slower than before" is judged by.
 *
 *   BASE_BUNDLE=/path/to/other/checkout/bench/dist/server/main.js \
 *     npm run bench:load-cost-compare -w bench          (N=4000 ROUNDS=8 PHOTOS=200 CALLS=a,b)
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
const before = await startCostTarget({
  name: 'cost-before',
  photosPerCategory,
  databaseUrl,
  bundle: baseBundle,
  ...profile('before'),
});
const after = await startCostTarget({
  name: 'cost-after',
  photosPerCategory,
  databaseUrl,
  ...profile('after'),
});
await warm(before);
await warm(after);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;

const rows = [];
for (const { call, run } of COST_CALLS) {
  if (
    !measured(call) &&
    !(call === 'get_random_photos_for_rating' && measured('submit_photo_rating'))
  ) {
    continue;
  }
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
  const perCall = (target: CostTarget) =>
    Math.round(((total.get(target) ?? 0) / count) * 1000) / 1000;
  rows.push({
    call,
    'before ms/call': perCall(before),
    'after ms/call': perCall(after),
    change: percent(perCall(after) / perCall(before)),
    'median round change': percent(median(ratios)),
    'not ok': notOk,
  });
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
console.log(
  `node ${process.version}, SQLite, ${count} calls each in ${rounds} alternating rounds, ` +
    `${after.categories.length} categories × ${photosPerCategory} demo photos\n` +
    `before: ${baseBundle}\nafter:  this tree`,
);
console.table(rows);
