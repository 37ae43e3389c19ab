/**
 * Ranking benchmark (DESIGN §5): the real rating engine against Elo baselines on simulated
 * categories with known true strengths, honest and bad voters.
 *
 *   npm run bench:ranking -w bench          (env: SEEDS=10 N=500 MAX=200 VOTERS=200
 *                                            BIG_N=20000 BIG_VOTES=1000000 JITTER_SEEDS=5)
 *
 * Comparisons per photo ("votes per photo") = total votes × 2 / N.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  ratingParams,
  refitCategory,
  seededRng,
  type RatingParams,
} from '../../apps/server/src/domain/rating/index.js';
import {
  runJob,
  type AccuracyResult,
  type BoostResult,
  type Job,
  type JobResult,
  type JitterResult,
  type Settings,
} from './jobs.js';
import { firstCrossing, kendallTau } from './metrics.js';
import { THETA_SD, gaussian } from './sim.js';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const SEEDS = Math.floor(env('SEEDS', 10));
const N = Math.floor(env('N', 500));
const MAX = env('MAX', 200);
const VOTERS = Math.floor(env('VOTERS', 200));
const BIG_N = Math.floor(env('BIG_N', 20_000));
const BIG_VOTES = Math.floor(env('BIG_VOTES', 1_000_000));
const JITTER_SEEDS = Math.min(SEEDS, Math.floor(env('JITTER_SEEDS', 5)));
const THREADS = Math.floor(env('JOBS', Math.min(4, os.availableParallelism())));
const TARGET_TAU = 0.8;
const overrides = JSON.parse(process.env.PARAMS ?? '{}') as Partial<RatingParams>;
const settings: Settings = { n: N, max: MAX, voters: VOTERS, step: 2, overrides };
const REFIT_PERIOD = Math.max(1, Math.floor(N / 2));
const params = ratingParams(overrides);
const started = performance.now();

const ENGINES = ['engine', 'elo-random', 'elo-8closest'] as const;
const BAD_SHARES = [0, 0.2];

/** Runs the jobs on a pool of worker threads (in this thread when JOBS=1). */
async function runAll(jobs: readonly Job[]): Promise<JobResult[]> {
  if (THREADS <= 1) return jobs.map((job) => runJob(settings, job));
  const results: JobResult[] = new Array<JobResult>(jobs.length);
  let next = 0;
  const workerLoop = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(new URL('./worker.mjs', import.meta.url));
      const send = () => {
        if (next >= jobs.length) {
          void worker.terminate().then(() => {
            resolve();
          });
          return;
        }
        const id = next++;
        worker.postMessage({ settings, job: jobs[id], id });
      };
      worker.on('message', (message: { id: number; result: JobResult }) => {
        results[message.id] = message.result;
        send();
      });
      worker.on('error', reject);
      send();
    });
  await Promise.all(Array.from({ length: Math.min(THREADS, jobs.length) }, workerLoop));
  return results;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
const sd = (xs: readonly number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, xs.length - 1));
};
const fmt = (x: number | null, digits = 1) => (x === null ? 'never' : x.toFixed(digits));
const pad = (s: string, w: number) => s.padStart(w);
const signed = (x: number, digits = 2) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;

console.log('Yanzhi Arena ranking benchmark');
console.log(
  `  N = ${N} photos; true strengths θ ~ Normal(0, ${THETA_SD}²) (logit scale, fixed); ` +
    `${VOTERS} voters, each vote by a uniformly drawn voter`,
);
console.log(
  '  honest voters vote by Bradley-Terry with the true θ; bad voters are random, always-left and ' +
    'inverted in equal parts; sides are random; dwell times are human (not simulated)',
);
console.log(
  `  votes per photo = total votes × 2 / N, up to ${MAX}; checkpoints every ${settings.step}; ` +
    `seeds = ${SEEDS}; engine refit every ${REFIT_PERIOD} votes (N/2) and scored by its latest refit`,
);
console.log(
  '  engine = real code: pickPair + CategoryIndex, updateOnline per vote, refitCategory ' +
    'with voter reliability (gold pairs, agreement), online voter-quality heuristics',
);
console.log(
  `  host: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ` +
    `${THREADS} worker thread(s)`,
);
if (Object.keys(overrides).length > 0) {
  console.log(`  engine parameters overridden: ${JSON.stringify(overrides)}`);
}
console.log('');

const jobs: Job[] = [];
for (const bad of BAD_SHARES) {
  for (let seed = 1; seed <= SEEDS; seed++) {
    jobs.push({ kind: 'accuracy', seed, bad, keepVotes: seed === 1 && bad > 0 });
  }
}
for (const bad of BAD_SHARES) {
  for (let seed = 1; seed <= SEEDS; seed++) jobs.push({ kind: 'boost', seed, bad });
}
for (let seed = 1; seed <= JITTER_SEEDS; seed++) jobs.push({ kind: 'jitter', seed, bad: 0.2 });
const results = await runAll(jobs);
const accuracyResults = results.filter((r): r is AccuracyResult => r.kind === 'accuracy');
const boostResults = results.filter((r): r is BoostResult => r.kind === 'boost');
const jitterResults = results.filter((r): r is JitterResult => r.kind === 'jitter');

// ── 1. Accuracy against votes per photo ────────────────────────────────────────────────────
const at = (ms: readonly number[], curve: readonly number[], x: number) => {
  const k = ms.findIndex((m) => m >= x - 1e-9);
  return k < 0 ? NaN : (curve[k] as number);
};
for (const bad of BAD_SHARES) {
  const runs = accuracyResults.filter((r) => r.bad === bad);
  const ms = runs[0]?.ms ?? [];
  console.log(
    `== Accuracy, ${Math.round(bad * 100)}% bad voters (N=${N}, ${runs.length} seeds) ==`,
  );
  const points = [10, 20, 30, 50, 100, 200].filter((x) => x <= MAX);
  const topPoints = [20, 50, 100, 200].filter((x) => x <= MAX);
  console.log(
    `${'engine'.padEnd(14)}${pad('votes/photo to τ≥0.8', 22)}${pad('per seed mean±sd', 18)}` +
      points.map((x) => pad(`τ@${x}`, 7)).join('') +
      topPoints.map((x) => pad(`top10@${x}`, 10)).join(''),
  );
  const crossing: Partial<Record<(typeof ENGINES)[number], number | null>> = {};
  for (const name of ENGINES) {
    const curves = runs.map((r) => r.curves[name]);
    const tauMean = ms.map((_, k) => mean(curves.map((c) => c.tau[k] as number)));
    const topMean = ms.map((_, k) => mean(curves.map((c) => c.top10[k] as number)));
    const cross = firstCrossing(ms, tauMean, TARGET_TAU);
    crossing[name] = cross;
    const perSeed = curves.map((c) => firstCrossing(ms, c.tau, TARGET_TAU));
    const reached = perSeed.filter((x): x is number => x !== null);
    const perSeedText =
      reached.length === perSeed.length
        ? `${mean(reached).toFixed(1)}±${sd(reached).toFixed(1)}`
        : `${reached.length}/${perSeed.length} reach`;
    console.log(
      name.padEnd(14) +
        pad(fmt(cross), 22) +
        pad(perSeedText, 18) +
        points.map((x) => pad(at(ms, tauMean, x).toFixed(3), 7)).join('') +
        topPoints.map((x) => pad(at(ms, topMean, x).toFixed(2), 10)).join(''),
    );
  }
  const engineCross = crossing.engine ?? null;
  const eloCross = crossing['elo-8closest'] ?? null;
  if (eloCross === null) {
    console.log(
      `ratio engine / elo-8closest: elo-8closest never reaches τ 0.8 within ${MAX} votes/photo ` +
        `(mean curve); the engine needs ${fmt(engineCross)}`,
    );
  } else if (engineCross === null) {
    console.log(
      `ratio engine / elo-8closest: the engine never reaches τ 0.8 (elo: ${fmt(eloCross)})`,
    );
  } else {
    console.log(
      `ratio engine / elo-8closest: ${(engineCross / eloCross).toFixed(2)} (target ≤ 0.60)`,
    );
  }
  const kinds: Record<string, number> = {};
  for (const r of runs)
    for (const [k, c] of Object.entries(r.kinds)) kinds[k] = (kinds[k] ?? 0) + c;
  const kindTotal = Object.values(kinds).reduce((s, x) => s + x, 0);
  const served = runs.reduce((s, r) => s + r.served, 0);
  const unserved = runs.reduce((s, r) => s + r.unserved, 0);
  console.log(
    `engine pairs: ${Object.entries(kinds)
      .map(([k, c]) => `${k} ${((100 * c) / kindTotal).toFixed(1)}%`)
      .join(', ')}; unserved requests ${unserved} of ${served + unserved}`,
  );
  const weightText = (['honest', 'random', 'left', 'inverted'] as const)
    .map((k) => [k, runs.map((r) => r.weights[k]).filter((w) => !Number.isNaN(w))] as const)
    .filter(([, w]) => w.length > 0)
    .map(([k, w]) => `${k} ${mean(w).toFixed(2)}`)
    .join(', ');
  console.log(`engine voter weights at the end (mean; 0 when flagged online): ${weightText}`);
  const refits = runs.reduce((s, r) => s + r.refits, 0);
  const refitMs = runs.reduce((s, r) => s + r.refitMillis, 0);
  console.log(
    `engine refits: ${refits}, mean ${(refitMs / Math.max(1, refits)).toFixed(1)} ms each ` +
      '(warm-started; the vote set grows from 0 to the full run)',
  );
  console.log('');
}

// ── 2. Boost fairness ──────────────────────────────────────────────────────────────────────
for (const bad of BAD_SHARES) {
  const runs = boostResults.filter((r) => r.bad === bad);
  console.log(
    `== Boost fairness: 10% of photos boosted, ${Math.round(bad * 100)}% bad voters (N=${N}, ${runs.length} seeds) ==`,
  );
  console.log(
    `boosted photos' exposure: ${mean(runs.map((r) => r.exposureRatio)).toFixed(2)}× that of other photos; ` +
      `'boost' pairs ${(100 * mean(runs.map((r) => r.boostShare))).toFixed(1)}% of traffic ` +
      `(cap ${(100 * params.boostShare).toFixed(0)}%)`,
  );
  const points = runs[0]?.at ?? [];
  points.forEach((m, k) => {
    const bias = runs.map((r) => r.bias[k] as number);
    const b = mean(bias);
    console.log(
      `  at ${pad(String(m), 3)} votes/photo: boosted photos' mean rank bias ${signed(b)} percentile points ` +
        `(sd over seeds ${sd(bias).toFixed(2)}; mean |error| per boosted photo ` +
        `${mean(runs.map((r) => r.absError[k] as number)).toFixed(2)}) ` +
        `${Math.abs(b) < 1 ? 'OK' : 'ABOVE TARGET'} (target |bias| < 1)`,
    );
  });
  console.log('');
}

// ── 3. Display jitter ──────────────────────────────────────────────────────────────────────
{
  console.log(
    `== Display jitter: settled categories (N=${N}, ${MAX} votes/photo, 20% bad voters); then votes only ` +
      `among the other photos; ${jitterResults.length} seeds × 10 refit periods of ${REFIT_PERIOD} votes ==`,
  );
  const frozen = mean(jitterResults.map((r) => r.frozen));
  const stable = jitterResults.every((r) => r.referencesStable);
  console.log(
    `established photos without new votes: ${frozen.toFixed(0)} per category; reference set of ` +
      `${params.referenceSetSize} photos chosen once, unchanged across refits: ${stable ? 'yes' : 'NO'}`,
  );
  const worst = Math.max(...jitterResults.flatMap((r) => r.maxChange));
  console.log(
    'display score change of those photos between consecutive refits (score units, 1.00-10.00): ' +
      `max ${worst.toFixed(2)}, mean ${mean(jitterResults.flatMap((r) => r.meanChange)).toFixed(4)}; ` +
      `before rounding to hundredths: max ${Math.max(...jitterResults.flatMap((r) => r.maxRaw)).toFixed(4)} ` +
      `${worst < 0.05 ? 'OK' : 'ABOVE TARGET'} (target < 0.05)`,
  );
  console.log('');
}

// ── 4. Refit wall time ─────────────────────────────────────────────────────────────────────
{
  console.log(
    '== Refit wall time (one refitCategory call on this machine; first case: median of 5; ' +
      'warm = previous μ and voter weights) ==',
  );
  const kept = accuracyResults.find((r) => r.votes !== null)?.votes ?? null;
  if (kept !== null) {
    const votes = { winner: kept.winner, loser: kept.loser, voter: kept.voter, voterCount: VOTERS };
    const photoIds = Array.from({ length: N }, (_, i) => `p${i}`);
    const time = (warm: boolean) => {
      const t = performance.now();
      const result = refitCategory({
        photoIds,
        votes,
        params,
        ...(warm ? { warmStart: { mu: kept.mu, voterWeight: kept.voterWeight } } : {}),
      });
      return { ms: performance.now() - t, result };
    };
    time(false); // JIT warm-up
    const median = (warm: boolean) => {
      const runs = Array.from({ length: 5 }, () => time(warm)).sort((a, b) => a.ms - b.ms);
      return runs[2] as ReturnType<typeof time>;
    };
    const cold = median(false);
    const warm = median(true);
    console.log(
      `N=${N}, ${kept.winner.length} votes: cold ${cold.ms.toFixed(1)} ms ` +
        `(${cold.result.convergence.newtonIterations} Newton / ${cold.result.convergence.cgIterations} CG steps), ` +
        `warm ${warm.ms.toFixed(1)} ms (${warm.result.convergence.newtonIterations} / ` +
        `${warm.result.convergence.cgIterations}); converged ` +
        `${cold.result.convergence.converged && warm.result.convergence.converged}`,
    );
  }
  // A large category: BIG_N photos, BIG_VOTES votes between near neighbours (85%) and random
  // pairs (15%), by 1,000 voters of whom 20% bad (same kinds as above).
  const rng = seededRng(4242);
  const theta = Float64Array.from({ length: BIG_N }, () => THETA_SD * gaussian(rng));
  const order = Array.from({ length: BIG_N }, (_, i) => i).sort(
    (a, b) => (theta[a] as number) - (theta[b] as number),
  );
  const rankOf = new Int32Array(BIG_N);
  order.forEach((i, r) => (rankOf[i] = r));
  const bigVoters = 1000;
  const kind = Array.from({ length: bigVoters }, (_, v) => (v < 200 ? v % 3 : 3)); // 3 = honest
  const winner = new Int32Array(BIG_VOTES);
  const loser = new Int32Array(BIG_VOTES);
  const voter = new Int32Array(BIG_VOTES);
  for (let e = 0; e < BIG_VOTES; e++) {
    const a = Math.floor(rng() * BIG_N);
    let b: number;
    if (rng() < 0.85) {
      const r = Math.min(
        BIG_N - 1,
        Math.max(0, (rankOf[a] as number) + Math.round((rng() - 0.5) * 64)),
      );
      b = order[r] as number;
      if (b === a) b = order[r === 0 ? 1 : r - 1] as number;
    } else {
      b = Math.floor(rng() * (BIG_N - 1));
      if (b >= a) b++;
    }
    const v = Math.floor(rng() * bigVoters);
    const k = kind[v] as number;
    const pa = 1 / (1 + Math.exp((theta[b] as number) - (theta[a] as number)));
    const aWins =
      k === 3 ? rng() < pa : k === 2 ? rng() >= pa : k === 0 ? rng() < 0.5 : rng() < 0.5;
    winner[e] = aWins ? a : b;
    loser[e] = aWins ? b : a;
    voter[e] = v;
  }
  const ids = Array.from({ length: BIG_N }, (_, i) => i);
  const bigVotes = { winner, loser, voter, voterCount: bigVoters };
  let t0 = performance.now();
  const cold = refitCategory({ photoIds: ids, votes: bigVotes, params });
  const coldMs = performance.now() - t0;
  t0 = performance.now();
  const warm = refitCategory({
    photoIds: ids,
    votes: bigVotes,
    params,
    warmStart: { mu: cold.mu, voterWeight: cold.voters.weight },
  });
  const warmMs = performance.now() - t0;
  const tauSample = (() => {
    const k = Math.min(BIG_N, 3000);
    const pick = Array.from({ length: k }, (_, i) => Math.floor((i * BIG_N) / k));
    return kendallTau(
      pick.map((i) => theta[i] as number),
      pick.map((i) => cold.mu[i] as number),
    );
  })();
  console.log(
    `N=${BIG_N}, ${BIG_VOTES} votes: cold ${(coldMs / 1000).toFixed(2)} s ` +
      `(${cold.convergence.newtonIterations} Newton / ${cold.convergence.cgIterations} CG steps, ` +
      `max gradient ${cold.convergence.gradientMax.toExponential(1)}), warm ${(warmMs / 1000).toFixed(2)} s ` +
      `(${warm.convergence.newtonIterations} / ${warm.convergence.cgIterations}); τ on a 3,000-photo sample ${tauSample.toFixed(3)}`,
  );
}
console.log('');
console.log(`total bench time ${((performance.now() - started) / 1000).toFixed(0)} s`);
