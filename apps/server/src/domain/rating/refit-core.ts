/**
 * The refit over votes in typed-array form (the model and the solver are described in refit.ts):
 * usable votes aggregated into photo pairs, then reliability rounds around Newton solves.
 */
import { NewtonSolver } from './newton-solver.js';
import type { RatingParams } from './params.js';
import type { RefitConvergence } from './refit-types.js';
import { estimateSignals, priorVoterSignal, voterWeightFromSignal } from './voter-signal.js';

export interface CoreInput {
  n: number;
  winner: Int32Array;
  loser: Int32Array;
  voter: Int32Array;
  weight: Float64Array | Float32Array | null;
  voterCount: number;
  goldPassed: Float64Array;
  goldFailed: Float64Array;
  voterScale: ArrayLike<number> | null;
  /** Per vote, a factor on its weight in the fit only (not in the reliability evidence). */
  voteScale: ArrayLike<number> | null;
  /** In: start; out: MAP. */
  theta: Float64Array;
  /** In: weights of the first fit; out: weights of the final fit. */
  voterWeight: Float64Array;
  mean: number;
  variance: number;
  /**
   * A prior per photo instead of N(mean, variance) for all: the incremental refit's, whose prior
   * is each photo's belief after the fits before it (refit-increment.ts).
   */
  photoPrior?: { readonly mean: Float64Array; readonly precision: Float64Array };
  params: RatingParams;
}

export function refitCore(input: CoreInput) {
  const { n, voterCount, theta, voterWeight, params } = input;
  const total = input.winner.length;

  // 1. The usable votes: two distinct known photos, a known voter, positive base weight.
  const voterVotes = new Int32Array(voterCount);
  const keep = new Uint8Array(total);
  let active = 0;
  let skipped = 0;
  for (let e = 0; e < total; e++) {
    const a = input.winner[e] as number;
    const b = input.loser[e] as number;
    const v = input.voter[e] as number;
    if (v >= 0 && v < voterCount) voterVotes[v] = (voterVotes[v] as number) + 1;
    if (a < 0 || a >= n || b < 0 || b >= n || a === b || v < 0 || v >= voterCount) {
      skipped++;
      continue;
    }
    const w = input.weight === null ? 1 : (input.weight[e] as number);
    if (!(w > 0)) continue;
    keep[e] = 1;
    active++;
  }

  // 2. Aggregate votes into edges (unordered photo pairs i < j): all votes on one pair share
  // the same p = σ(θi − θj), so the solver works per edge with the weighted win counts cIJ and
  // cJI. A two-pass LSD radix sort (by j, then stably by i) orders the votes by edge in O(V + n)
  // without per-vote objects; the edge order also makes the solver's memory access regular.
  const lo = new Int32Array(active);
  const hi = new Int32Array(active);
  const Vt = new Int32Array(active);
  const W0 = new Float64Array(active);
  const S = input.voteScale === null ? null : new Float64Array(active);
  const winnerIsLo = new Uint8Array(active);
  {
    let k = 0;
    for (let e = 0; e < total; e++) {
      if (keep[e] === 0) continue;
      const a = input.winner[e] as number;
      const b = input.loser[e] as number;
      lo[k] = a < b ? a : b;
      hi[k] = a < b ? b : a;
      winnerIsLo[k] = a < b ? 1 : 0;
      Vt[k] = input.voter[e] as number;
      W0[k] = input.weight === null ? 1 : Math.min(1, input.weight[e] as number);
      if (S !== null) S[k] = input.voteScale?.[e] ?? 1;
      k++;
    }
  }
  const byHi = countingOrder(hi, n, null);
  const order = countingOrder(lo, n, byHi);
  const edgeOfVote = new Int32Array(active);
  let edges = 0;
  {
    let prevLo = -1;
    let prevHi = -1;
    for (let k = 0; k < active; k++) {
      const e = order[k] as number;
      const i = lo[e] as number;
      const j = hi[e] as number;
      if (i !== prevLo || j !== prevHi) {
        edges++;
        prevLo = i;
        prevHi = j;
      }
      edgeOfVote[e] = edges - 1;
    }
  }
  const I = new Int32Array(edges);
  const J = new Int32Array(edges);
  for (let e = 0; e < active; e++) {
    const edge = edgeOfVote[e] as number;
    I[edge] = lo[e] as number;
    J[edge] = hi[e] as number;
  }
  const cIJ = new Float64Array(edges);
  const cJI = new Float64Array(edges);

  const solver = new NewtonSolver(
    n,
    I,
    J,
    cIJ,
    cJI,
    input.photoPrior ?? { mean: input.mean, precision: 1 / input.variance },
    params,
  );
  const signal = new Float64Array(voterCount).fill(priorVoterSignal(params));
  const tVote = new Float64Array(active);
  const estimate = () => {
    // t = tanh(d/2) for each vote, d = θwinner − θloser, from the per-edge value.
    const tEdge = new Float64Array(edges);
    for (let edge = 0; edge < edges; edge++) {
      tEdge[edge] = Math.tanh(
        ((theta[I[edge] as number] as number) - (theta[J[edge] as number] as number)) / 2,
      );
    }
    for (let e = 0; e < active; e++) {
      const t = tEdge[edgeOfVote[e] as number] as number;
      tVote[e] = winnerIsLo[e] === 1 ? t : -t;
    }
    estimateSignals(tVote, Vt, W0, input.goldPassed, input.goldFailed, signal, params);
  };

  let newtonIterations = 0;
  let cgIterations = 0;
  let converged = true;
  const maxRounds = Math.max(0, Math.floor(params.reliabilityRounds));
  const tolerance = Math.max(0, params.reliabilityTolerance);
  let fit = { converged: true, newton: 0, cg: 0, passes: 0, finalStep: 0 };
  let gradientPasses = 0;
  let rounds = 0;
  let settled = maxRounds === 0;
  let moved = 1;
  // Fit θ with the weights, re-estimate the weights from θ, until they stop moving (then one last
  // fit with them). From a given start the path is fixed, so the result is a function of the
  // votes and that start; a fixed count of rounds would stop short of the fixed point, and a
  // refit that started from the previous refit's weights would then go on moving scores.
  for (;;) {
    cIJ.fill(0);
    cJI.fill(0);
    for (let e = 0; e < active; e++) {
      const v = Vt[e] as number;
      const scale = input.voterScale === null ? 1 : (input.voterScale[v] as number);
      const c =
        (W0[e] as number) *
        (voterWeight[v] as number) *
        scale *
        (S === null ? 1 : (S[e] as number));
      const edge = edgeOfVote[e] as number;
      if (winnerIsLo[e] === 1) cIJ[edge] = (cIJ[edge] as number) + c;
      else cJI[edge] = (cJI[edge] as number) + c;
    }
    // While the weights still move, θ need only be as exact as they are (a tenth of their last
    // move); the fit with settled weights, the one returned, goes to the full tolerance.
    fit = solver.solve(
      theta,
      settled || rounds >= maxRounds
        ? params.refitTolerance
        : Math.max(params.refitTolerance, 0.1 * moved),
    );
    newtonIterations += fit.newton;
    cgIterations += fit.cg;
    gradientPasses += fit.passes;
    converged &&= fit.converged;
    if (settled || rounds >= maxRounds) break;
    estimate();
    moved = 0;
    for (let v = 0; v < voterCount; v++) {
      const next = voterWeightFromSignal(signal[v] as number, params);
      moved = Math.max(moved, Math.abs(next - (voterWeight[v] as number)));
      voterWeight[v] = next;
    }
    rounds++;
    settled = moved <= tolerance;
  }
  if (maxRounds === 0) estimate();
  const reliability = new Float64Array(voterCount);
  for (let v = 0; v < voterCount; v++) reliability[v] = (1 + (signal[v] as number)) / 2;

  // Laplace diagonal at the solution.
  solver.derivatives(theta);
  const objective = solver.objective(theta);
  const information = new Float64Array(n);
  const sigma2 = new Float64Array(n);
  let gradientMax = 0;
  for (let i = 0; i < n; i++) {
    const precision = solver.diag[i] as number;
    information[i] = precision - (solver.priorPrecision[i] as number);
    sigma2[i] = 1 / precision;
    gradientMax = Math.max(gradientMax, Math.abs(solver.grad[i] as number));
  }
  const convergence: RefitConvergence = {
    converged: converged && settled,
    rounds,
    newtonIterations,
    cgIterations,
    gradientPasses,
    finalStep: fit.finalStep,
    gradientMax,
    objective,
    activeVotes: active,
    distinctPairs: edges,
    skippedVotes: skipped,
  };
  return { sigma2, information, reliability, voterVotes, convergence };
}

/**
 * A stable counting sort of positions by `key` (values in [0, n)): returns the positions in
 * order; when `within` is given, sorts that sequence of positions instead of 0..len−1.
 */
function countingOrder(key: Int32Array, n: number, within: Int32Array | null): Int32Array {
  const len = key.length;
  const start = new Int32Array(n + 1);
  for (let e = 0; e < len; e++) {
    const k = key[e] as number;
    start[k + 1] = (start[k + 1] as number) + 1;
  }
  for (let i = 0; i < n; i++) start[i + 1] = (start[i + 1] as number) + (start[i] as number);
  const out = new Int32Array(len);
  for (let k = 0; k < len; k++) {
    const e = within === null ? k : (within[k] as number);
    const slot = key[e] as number;
    const at = start[slot] as number;
    start[slot] = at + 1;
    out[at] = e;
  }
  return out;
}
