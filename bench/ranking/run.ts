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
import {
  DEFAULT_RATING_PARAMS,
  CategoryIndex,
  chooseReferenceSet,
  displayScore,
  isProvisional,
  refitCategory,
  referenceMus,
  referenceWinRate,
  seededRng,
} from '../../apps/server/src/domain/rating/index.js';
import { firstCrossing, kendallTau, rankPercentiles, topKPrecision } from './metrics.js';
import { EloSim, EngineSim, THETA_SD, gaussian, makeWorld, type World } from './sim.js';

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
const STEP = 2; // checkpoint every 2 comparisons per photo
const TARGET_TAU = 0.8;
const REFIT_PERIOD = Math.max(1, Math.floor(N / 2)); // votes between refits = 1 comparison/photo
const CHECKPOINT = Math.max(1, Math.round((STEP * N) / 2));
const params = DEFAULT_RATING_PARAMS;
const started = performance.now();

const ENGINES = ['engine', 'elo-random', 'elo-8closest'] as const;
type EngineName = (typeof ENGINES)[number];
interface Curve {
  tau: number[];
  top10: number[];
}

function worldFor(seed: number, badShare: number, boostedShare = 0): World {
  return makeWorld({
    seed,
    photos: N,
    voters: VOTERS,
    badShare,
    boostedShare,
    votes: Math.round((MAX * N) / 2),
  });
}

/** Runs the engine over the world's stream; calls `checkpoint` after every CHECKPOINT votes. */
function runEngine(world: World, checkpoint: (sim: EngineSim, m: number) => void): EngineSim {
  const sim = new EngineSim(world, params);
  for (let t = 0; t < world.stream.length; t++) {
    sim.step(world.stream[t] as number);
    if ((t + 1) % REFIT_PERIOD === 0) sim.refit();
    if ((t + 1) % CHECKPOINT === 0) checkpoint(sim, ((t + 1) * 2) / N);
  }
  return sim;
}

function runElo(world: World, mode: 'random' | 'closest8'): Curve {
  const elo = new EloSim(world, mode);
  const curve: Curve = { tau: [], top10: [] };
  for (let t = 0; t < world.stream.length; t++) {
    elo.step(world.stream[t] as number);
    if ((t + 1) % CHECKPOINT === 0) {
      curve.tau.push(kendallTau(world.theta, elo.rating));
      curve.top10.push(topKPrecision(world.theta, elo.rating, 10));
    }
  }
  return curve;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
const sd = (xs: readonly number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, xs.length - 1));
};
const fmt = (x: number | null, digits = 1) => (x === null ? 'never' : x.toFixed(digits));
const pad = (s: string, w: number) => s.padStart(w);

console.log('Yanzhi Arena ranking benchmark');
console.log(
  `  N = ${N} photos; true strengths θ ~ Normal(0, ${THETA_SD}²) (logit scale, fixed); ` +
    `${VOTERS} voters, each vote by a uniformly drawn voter`,
);
console.log(
  '  honest voters vote by Bradley-Terry with the true θ; bad voters are random, always-left and ' +
    'inverted in equal parts; sides are random',
);
console.log(
  `  votes per photo = total votes × 2 / N, up to ${MAX}; checkpoints every ${STEP}; ` +
    `seeds = ${SEEDS}; engine refit every ${REFIT_PERIOD} votes (N/2), scored by its latest refit`,
);
console.log(
  '  engine = real code: pickPair + CategoryIndex, updateOnline per vote, refitCategory ' +
    'with voter reliability (gold pairs, agreement), online voter-quality heuristics',
);
console.log(
  `  host: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
);
console.log('');

// ── 1. Accuracy against votes per photo ────────────────────────────────────────────────────
const ms: number[] = [];
for (let k = 1; k * CHECKPOINT <= Math.round((MAX * N) / 2); k++) ms.push((k * CHECKPOINT * 2) / N);
const report = (m: number[], curve: number[], at: number) => {
  const k = m.findIndex((x) => x >= at - 1e-9);
  return k < 0 ? NaN : (curve[k] as number);
};

let lastSim: EngineSim | null = null;
const timingSims: EngineSim[] = [];
for (const bad of [0, 0.2]) {
  const curves: Record<EngineName, Curve[]> = { engine: [], 'elo-random': [], 'elo-8closest': [] };
  const weights: Record<string, number[]> = { honest: [], random: [], left: [], inverted: [] };
  const kinds: Record<string, number> = {};
  let served = 0;
  let unserved = 0;
  let refitMillis = 0;
  let refits = 0;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const world = worldFor(seed, bad);
    const curve: Curve = { tau: [], top10: [] };
    const sim = runEngine(world, (s) => {
      const mu = s.last?.mu ?? new Float64Array(N);
      curve.tau.push(kendallTau(world.theta, mu));
      curve.top10.push(topKPrecision(world.theta, mu, 10));
    });
    curves.engine.push(curve);
    curves['elo-random'].push(runElo(world, 'random'));
    curves['elo-8closest'].push(runElo(world, 'closest8'));
    for (const [kind, w] of Object.entries(sim.weightsByKind())) {
      if (!Number.isNaN(w)) weights[kind]?.push(w);
    }
    for (const [kind, count] of Object.entries(sim.kinds)) kinds[kind] = (kinds[kind] ?? 0) + count;
    served += sim.served;
    unserved += sim.unserved;
    refitMillis += sim.refitMillis;
    refits += sim.refits;
    if (bad > 0) lastSim = sim;
    timingSims.push(sim);
  }

  console.log(`== Accuracy, ${Math.round(bad * 100)}% bad voters (N=${N}, ${SEEDS} seeds) ==`);
  const header =
    `${'engine'.padEnd(14)}${pad('votes/photo to τ≥0.8', 22)}${pad('per-seed mean±sd', 18)}` +
    ['τ@10', 'τ@20', 'τ@30', 'τ@50', 'τ@100', 'τ@200'].map((h) => pad(h, 7)).join('') +
    ['top10@20', 'top10@50', 'top10@100', 'top10@200'].map((h) => pad(h, 10)).join('');
  console.log(header);
  const crossing: Partial<Record<EngineName, number | null>> = {};
  for (const name of ENGINES) {
    const list = curves[name];
    const tauMean = ms.map((_, k) => mean(list.map((c) => c.tau[k] as number)));
    const topMean = ms.map((_, k) => mean(list.map((c) => c.top10[k] as number)));
    const cross = firstCrossing(ms, tauMean, TARGET_TAU);
    crossing[name] = cross;
    const perSeed = list.map((c) => firstCrossing(ms, c.tau, TARGET_TAU));
    const reached = perSeed.filter((x): x is number => x !== null);
    const perSeedText =
      reached.length === perSeed.length
        ? `${mean(reached).toFixed(1)}±${sd(reached).toFixed(1)}`
        : `${reached.length}/${perSeed.length} reach`;
    console.log(
      name.padEnd(14) +
        pad(fmt(cross), 22) +
        pad(perSeedText, 18) +
        [10, 20, 30, 50, 100, 200]
          .map((at) => pad(report(ms, tauMean, at).toFixed(3), 7))
          .join('') +
        [20, 50, 100, 200].map((at) => pad(report(ms, topMean, at).toFixed(2), 10)).join(''),
    );
  }
  const engineCross = crossing.engine ?? null;
  const eloCross = crossing['elo-8closest'] ?? null;
  if (eloCross === null) {
    console.log(
      `ratio engine / elo-8closest: elo-8closest never reaches τ 0.8 within ${MAX} votes/photo; ` +
        `the engine needs ${fmt(engineCross)}`,
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
  const kindTotal = Object.values(kinds).reduce((s, x) => s + x, 0);
  console.log(
    `engine pairs: ${Object.entries(kinds)
      .map(([k, c]) => `${k} ${((100 * c) / kindTotal).toFixed(1)}%`)
      .join(', ')}; unserved requests ${unserved} of ${served + unserved}`,
  );
  console.log(
    `engine voter weights at the end (mean, 0 when flagged online): ${Object.entries(weights)
      .filter(([, w]) => w.length > 0)
      .map(([k, w]) => `${k} ${mean(w).toFixed(2)}`)
      .join(', ')}`,
  );
  console.log(
    `engine refits: ${refits}, mean ${(refitMillis / Math.max(1, refits)).toFixed(1)} ms (warm-started, growing vote set)`,
  );
  console.log('');
}

// ── 2. Boost fairness ──────────────────────────────────────────────────────────────────────
for (const bad of [0, 0.2]) {
  console.log(
    `== Boost fairness: 10% of photos boosted, ${Math.round(bad * 100)}% bad voters (${SEEDS} seeds) ==`,
  );
  const at = [20, 50, 100, 200].filter((m) => m <= MAX);
  const bias: Record<number, number[]> = Object.fromEntries(at.map((m) => [m, []]));
  const absBias: Record<number, number[]> = Object.fromEntries(at.map((m) => [m, []]));
  const exposureRatio: number[] = [];
  const boostShare: number[] = [];
  for (let seed = 1; seed <= SEEDS; seed++) {
    const world = worldFor(1000 + seed, bad, 0.1);
    const truePct = rankPercentiles(world.theta);
    const sim = runEngine(world, (s, m) => {
      if (!at.some((x) => Math.abs(x - m) < 1e-9)) return;
      const estPct = rankPercentiles(s.last?.mu ?? new Float64Array(N));
      const diffs: number[] = [];
      for (let i = 0; i < N; i++) {
        if (world.boosted[i] === 1) diffs.push((estPct[i] as number) - (truePct[i] as number));
      }
      bias[m]?.push(mean(diffs));
      absBias[m]?.push(mean(diffs.map(Math.abs)));
    });
    const boostedExposure: number[] = [];
    const otherExposure: number[] = [];
    for (let i = 0; i < N; i++) {
      (world.boosted[i] === 1 ? boostedExposure : otherExposure).push(sim.exposure[i] as number);
    }
    exposureRatio.push(mean(boostedExposure) / mean(otherExposure));
    boostShare.push(sim.kinds.boost / sim.served);
  }
  console.log(
    `boosted photos' exposure: ${mean(exposureRatio).toFixed(2)}× that of other photos; ` +
      `'boost' pairs ${(100 * mean(boostShare)).toFixed(1)}% of traffic (cap ${(100 * params.boostShare).toFixed(0)}%)`,
  );
  for (const m of at) {
    const b = bias[m] ?? [];
    console.log(
      `  at ${pad(String(m), 3)} votes/photo: mean rank bias of boosted photos ` +
        `${mean(b) >= 0 ? '+' : ''}${mean(b).toFixed(2)} percentile points ` +
        `(sd over seeds ${sd(b).toFixed(2)}; mean |error| of a boosted photo ${mean(absBias[m] ?? []).toFixed(2)}) ` +
        `${Math.abs(mean(b)) < 1 ? 'OK' : 'ABOVE TARGET'} (target |bias| < 1)`,
    );
  }
  console.log('');
}

// ── 3. Display jitter ──────────────────────────────────────────────────────────────────────
{
  console.log(
    `== Display jitter: settled categories (${MAX} votes/photo, 20% bad voters), then votes only among ` +
      `the other photos; ${JITTER_SEEDS} seeds × 10 refit periods of ${REFIT_PERIOD} votes ==`,
  );
  const maxChanges: number[] = [];
  const meanChanges: number[] = [];
  const maxRaw: number[] = [];
  let referencesStable = true;
  let frozenCount = 0;
  for (let seed = 1; seed <= JITTER_SEEDS; seed++) {
    const world = worldFor(2000 + seed, 0.2);
    const sim = runEngine(world, () => undefined);
    const last = sim.last;
    if (last === null) throw new Error('no refit');
    const rng = seededRng(seed * 97 + 5);
    const candidates = world.ids.map((id, i) => ({
      id,
      mu: last.mu[i] as number,
      sigma2: last.sigma2[i] as number,
    }));
    const references = chooseReferenceSet(candidates, [], params);
    // Half of the established photos get no more votes ("frozen"); the others keep being voted on.
    const established = candidates.map((c, i) => (isProvisional(c.sigma2, params) ? -1 : i));
    const frozen = new Set<number>();
    for (const i of established) if (i >= 0 && rng() < 0.5) frozen.add(i);
    frozenCount += frozen.size;
    const others = new CategoryIndex(
      params,
      world.ids
        .map((id) => sim.index.get(id))
        .filter((p, i) => p !== undefined && !frozen.has(i))
        .map((p) => p as NonNullable<typeof p>),
    );
    let prevScore = [...frozen].map((i) =>
      displayScore(last.mu[i] as number, referenceMus(references, world.ids, last.mu)),
    );
    let prevRate = [...frozen].map((i) =>
      referenceWinRate(last.mu[i] as number, referenceMus(references, world.ids, last.mu)),
    );
    for (let period = 0; period < 10; period++) {
      for (let t = 0; t < REFIT_PERIOD; t++) sim.step(Math.floor(rng() * VOTERS), others);
      const result = sim.refit(others);
      const refs = referenceMus(references, world.ids, result.mu);
      const score = [...frozen].map((i) => displayScore(result.mu[i] as number, refs));
      const rate = [...frozen].map((i) => referenceWinRate(result.mu[i] as number, refs));
      const diffs = score.map((s, k) => Math.abs(s - (prevScore[k] as number)) / 100);
      const raw = rate.map((r, k) => (Math.abs(r - (prevRate[k] as number)) * 900) / 100);
      maxChanges.push(Math.max(...diffs));
      meanChanges.push(mean(diffs));
      maxRaw.push(Math.max(...raw));
      prevScore = score;
      prevRate = rate;
      const again = chooseReferenceSet(
        world.ids.map((id, i) => ({
          id,
          mu: result.mu[i] as number,
          sigma2: result.sigma2[i] as number,
        })),
        references,
        params,
      );
      if (again.join() !== references.join()) referencesStable = false;
    }
  }
  console.log(
    `established photos without new votes: ${(frozenCount / JITTER_SEEDS).toFixed(0)} per category; ` +
      `reference set ${params.referenceSetSize} photos, unchanged across refits: ${referencesStable ? 'yes' : 'NO'}`,
  );
  const worst = Math.max(...maxChanges);
  console.log(
    `display score change between consecutive refits (score units, 1.00-10.00): ` +
      `max ${worst.toFixed(2)}, mean ${mean(meanChanges).toFixed(4)}; ` +
      `before rounding to hundredths: max ${Math.max(...maxRaw).toFixed(4)} ` +
      `${worst < 0.05 ? 'OK' : 'ABOVE TARGET'} (target < 0.05)`,
  );
  console.log('');
}

// ── 4. Refit wall time ─────────────────────────────────────────────────────────────────────
{
  console.log('== Refit wall time (one refitCategory call, this machine) ==');
  const sim = lastSim ?? timingSims[0];
  if (sim !== undefined && sim.last !== null) {
    const votes = {
      winner: sim.winner.subarray(0, sim.count),
      loser: sim.loser.subarray(0, sim.count),
      voter: sim.voter.subarray(0, sim.count),
      voterCount: VOTERS,
    };
    const time = (warm: boolean) => {
      const t0 = performance.now();
      const result = refitCategory({
        photoIds: sim.world.ids,
        votes,
        params,
        ...(warm && sim.last !== null
          ? { warmStart: { mu: sim.last.mu, voterWeight: sim.last.voters.weight } }
          : {}),
      });
      return { ms: performance.now() - t0, result };
    };
    time(false); // JIT warm-up
    const cold = time(false);
    const warm = time(true);
    console.log(
      `N=${N}, ${sim.count} votes: cold ${cold.ms.toFixed(1)} ms ` +
        `(${cold.result.convergence.newtonIterations} Newton / ${cold.result.convergence.cgIterations} CG steps), ` +
        `warm ${warm.ms.toFixed(1)} ms (${warm.result.convergence.newtonIterations} / ${warm.result.convergence.cgIterations}); ` +
        `converged ${cold.result.convergence.converged && warm.result.convergence.converged}`,
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
