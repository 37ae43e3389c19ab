/**
 * The engine-only parts of the ranking benchmark's report: how the engine served its pairs and
 * weighed its voters in the accuracy runs, boost fairness and display jitter.
 */
import type { RatingParams } from '../../apps/server/src/domain/rating/index.js';
import type { AccuracyResult } from './accuracy.js';
import type { BoostResult, JitterResult } from './jobs.js';
import { mean, sd } from './report-accuracy.js';
import type { VoterKind, VoterModel } from './voters.js';

const signed = (x: number, digits = 2) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;

/** Pair kinds, voter weights and refit cost of the engine's accuracy runs of one column. */
export function printEngineDetails(
  results: readonly AccuracyResult[],
  model: VoterModel,
  n: number,
): void {
  const stats = results
    .filter((r) => r.system === 'engine' && r.model === model && r.n === n)
    .flatMap((r) => (r.engine === null ? [] : [r.engine]));
  if (stats.length === 0) return;
  const kinds: Record<string, number> = {};
  for (const s of stats) {
    for (const [k, c] of Object.entries(s.kinds)) kinds[k] = (kinds[k] ?? 0) + c;
  }
  const kindTotal = Object.values(kinds).reduce((s, x) => s + x, 0);
  const served = stats.reduce((s, r) => s + r.served, 0);
  const unserved = stats.reduce((s, r) => s + r.unserved, 0);
  const voterKinds: readonly VoterKind[] = ['honest', 'random', 'left', 'inverted', 'brigade'];
  const weights = voterKinds
    .map((k) => [k, stats.map((s) => s.weights[k]).filter((w) => !Number.isNaN(w))] as const)
    .filter(([, w]) => w.length > 0)
    .map(([k, w]) => `${k} ${mean(w).toFixed(2)}`)
    .join(', ');
  const refits = stats.reduce((s, r) => s + r.refits, 0);
  const refitMs = stats.reduce((s, r) => s + r.refitMillis, 0);
  console.log(
    `engine, ${model}, N=${n}: pairs ${Object.entries(kinds)
      .map(([k, c]) => `${k} ${((100 * c) / kindTotal).toFixed(1)}%`)
      .join(', ')}; unserved requests ${unserved} of ${served + unserved}`,
  );
  console.log(`  voter weights at the end (mean; 0 when flagged online): ${weights}`);
  console.log(
    `  refits: ${refits}, mean ${(refitMs / Math.max(1, refits)).toFixed(1)} ms each ` +
      '(each from the prior; the vote set grows from 0 to the full run)',
  );
}

export function printBoost(
  runs: readonly BoostResult[],
  model: VoterModel,
  n: number,
  params: RatingParams,
): void {
  console.log(
    `== Boost fairness: 10% of photos boosted, ${model} voters (N=${n}, ${runs.length} seeds) ==`,
  );
  console.log(
    `boosted photos' exposure: ${mean(runs.map((r) => r.exposureRatio)).toFixed(2)}× that of ` +
      `other photos; 'boost' pairs ${(100 * mean(runs.map((r) => r.boostShare))).toFixed(1)}% ` +
      `of traffic (cap ${(100 * params.boostShare).toFixed(0)}%)`,
  );
  const points = runs[0]?.at ?? [];
  points.forEach((m, k) => {
    const bias = runs.map((r) => r.bias[k] as number);
    const b = mean(bias);
    console.log(
      `  at ${String(m).padStart(3)} votes/photo (votes ÷ N): boosted photos' mean rank bias ` +
        `${signed(b)} percentile points (sd over seeds ${sd(bias).toFixed(2)}; mean |error| per ` +
        `boosted photo ${mean(runs.map((r) => r.absError[k] as number)).toFixed(2)}) ` +
        `${Math.abs(b) < 1 ? 'OK' : 'ABOVE TARGET'} (target |bias| < 1)`,
    );
  });
  console.log('');
}

export function printJitter(
  runs: readonly JitterResult[],
  n: number,
  max: number,
  params: RatingParams,
): void {
  const period = Math.max(1, Math.floor(n / 2));
  console.log(
    `== Display jitter: settled categories (N=${n}, ${max} votes per photo (votes ÷ N), 25% bad ` +
      `voters); then votes only among the other photos; ${runs.length} seeds × 10 refit ` +
      `periods of ${period} votes ==`,
  );
  const frozen = mean(runs.map((r) => r.frozen));
  const stable = runs.every((r) => r.referencesStable);
  console.log(
    `established photos without new votes: ${frozen.toFixed(0)} per category; reference set of ` +
      `${params.referenceSetSize} photos chosen once, unchanged across refits: ${stable ? 'yes' : 'NO'}`,
  );
  const worst = Math.max(...runs.flatMap((r) => r.maxChange));
  console.log(
    'display score change of those photos between consecutive refits (score units, 1.00-10.00): ' +
      `max ${worst.toFixed(2)}, mean ${mean(runs.flatMap((r) => r.meanChange)).toFixed(4)}; ` +
      `before rounding to hundredths: max ${Math.max(...runs.flatMap((r) => r.maxRaw)).toFixed(4)} ` +
      `${worst < 0.05 ? 'OK' : 'ABOVE TARGET'} (target < 0.05)`,
  );
  const stopped = Math.max(...runs.map((r) => r.stoppedRaw));
  console.log(
    'then votes stop: largest display score change of any photo over two more refits (score ' +
      `units, before rounding): ${stopped === 0 ? '0' : stopped.toExponential(1)} ` +
      `${stopped === 0 ? 'OK' : 'MOVED'} (target 0: a refit is a function of the votes)`,
  );
  console.log('');
}
