/**
 * The refit wall-time section of the ranking benchmark: one refitCategory call on the votes of
 * an accuracy run, and on a large synthetic category.
 */
import {
  refitCategory,
  seededRng,
  type RatingParams,
} from '../../apps/server/src/domain/rating/index.js';
import type { EngineStats } from './accuracy.js';
import { kendallTau } from './metrics.js';
import { THETA_SD, gaussian } from './sim.js';

export interface RefitTimeOptions {
  readonly kept: EngineStats['votes'];
  readonly n: number;
  readonly voters: number;
  readonly params: RatingParams;
  readonly bigN: number;
  readonly bigVotes: number;
}

export function printRefitTime(options: RefitTimeOptions): void {
  const { kept, n, voters, params } = options;

  console.log(
    '== Refit wall time (one refitCategory call on this machine; first case: median of 5; ' +
      'warm = previous μ and voter weights) ==',
  );
  if (kept !== null) {
    const votes = { winner: kept.winner, loser: kept.loser, voter: kept.voter, voterCount: voters };
    const photoIds = Array.from({ length: n }, (_, i) => `p${i}`);
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
      `N=${n}, ${kept.winner.length} votes: cold ${cold.ms.toFixed(1)} ms ` +
        `(${cold.result.convergence.newtonIterations} Newton / ${cold.result.convergence.cgIterations} CG steps), ` +
        `warm ${warm.ms.toFixed(1)} ms (${warm.result.convergence.newtonIterations} / ` +
        `${warm.result.convergence.cgIterations}); converged ` +
        `${cold.result.convergence.converged && warm.result.convergence.converged}`,
    );
  }
  timeLargeCategory(options.bigN, options.bigVotes, params);
}

/**
 * A large category: bigN photos, bigVotes votes between near neighbours (85%) and random pairs
 * (15%), by 1,000 voters of whom 20% bad (random, always-left, inverted).
 */
function timeLargeCategory(BIG_N: number, BIG_VOTES: number, params: RatingParams): void {
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
