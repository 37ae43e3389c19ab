/**
 * The batch refit of one category (DESIGN §5): the source of truth for scores and leaderboards.
 *
 * Model. Photo strengths θ ∈ ℝⁿ with prior θi ~ N(m, τ²). A vote "a beat b" by voter v has
 * Bradley-Terry likelihood σ(θa − θb), tempered by c = (vote weight) × (voter weight Wv). The
 * MAP estimate minimises the strictly convex objective
 *
 *     F(θ) = Σ_votes c · log(1 + e^−(θa − θb)) + Σ_i (θi − m)² / (2τ²),
 *
 * whose minimiser is unique and does not depend on the order of the votes.
 *
 * Solver. Votes are first aggregated into distinct photo pairs (a linear-time radix sort): all
 * votes on one pair share p = σ(θi − θj), so only the weighted win counts of each pair matter.
 * Newton's method: the Hessian H = diag(1/τ²) + Σ_pairs (cij + cji)·p(1−p)·(ei − ej)(ei − ej)ᵀ is
 * a weighted graph Laplacian plus a diagonal, so each Newton system is solved by conjugate
 * gradients with the diagonal (Jacobi) preconditioner, to a relative residual min(0.1, √‖g‖∞)
 * (a truncated Newton method, superlinearly convergent), followed by a line search (accept when
 * the directional derivative at the trial point is ≤ 0, else Armijo backtracking on F), which
 * makes the method globally convergent on this convex objective. Each CG step is one pass over
 * the pairs in typed arrays (no per-vote objects), so the cost is O(votes) per step and the
 * method scales to millions of votes; a warm start from the previous μ needs a few Newton steps.
 *
 * Voter reliability (EM-style rounds). A voter is modelled as sincere with probability r and as
 * voting against their perception otherwise, so a vote agrees with the model with probability
 * r·σ(d) + (1 − r)·σ(−d) = (1 + u·t)/2 where u = 2r − 1 (the voter's signal) and t = tanh(d/2),
 * d = θwinner − θloser. Given θ, u is the MAP of the concave log posterior
 *
 *     Σ_votes log(1 + u·t) + Σ_gold [passed·log(1 + u·tg) + failed·log(1 − u·tg)]
 *       + (α − 1)·log(1 + u) + (β − 1)·log(1 − u),        tg = 2·goldEvidenceProbability − 1,
 *
 * (the Beta(α, β) prior on r, so new voters start near honest), found by safeguarded Newton.
 * The weight is W = max(0, (u − f)/(1 − f)) with f = voterWeightFloor: an inverted voter (u < 0),
 * a random or always-same-side voter (u ≈ 0) weigh nothing. Rounds alternate "fit θ with W" and
 * "re-estimate u"; a final fit uses the last weights. The round count is fixed, so the result is
 * a deterministic function of the votes (and of the warm start's voter weights, if given).
 *
 * Output per photo: μ (MAP) and σ² = 1/(1/τ² + Σ c·p(1−p)) (the Laplace diagonal).
 */
import { DEFAULT_RATING_PARAMS, type RatingParams } from './params.js';

export type RatingKey = string | number;

/** One vote in object form; `weight` ∈ [0, 1] (default 1), e.g. 0 for a flagged voter's vote. */
export interface VoteRecord<P extends RatingKey = string, V extends RatingKey = string> {
  readonly winner: P;
  readonly loser: P;
  readonly voter: V;
  readonly weight?: number;
}

/**
 * Votes in typed-array form (fast path): `winner` and `loser` are positions in `photoIds`,
 * `voter` is a dense voter index 0..voterCount−1, `weight` optional per-vote weights in [0, 1].
 */
export interface VoteArrays {
  readonly winner: Int32Array;
  readonly loser: Int32Array;
  readonly voter: Int32Array;
  readonly weight?: Float64Array | Float32Array;
  /** Number of voters; default max(voter) + 1. */
  readonly voterCount?: number;
}

/** A voter's results on gold pairs (DESIGN §5), as counted by the server when the votes came in. */
export interface GoldTally<V extends RatingKey = string> {
  readonly voter: V;
  readonly passed: number;
  readonly failed: number;
}

export interface RefitInput<P extends RatingKey, V extends RatingKey> {
  readonly photoIds: readonly P[];
  readonly votes: readonly VoteRecord<P, V>[] | VoteArrays;
  /** The Gaussian prior N(mean, variance); default params.priorMean / params.priorVariance. */
  readonly prior?: { readonly mean?: number; readonly variance?: number };
  /**
   * The previous refit's results: `mu` aligned with `photoIds` (NaN or missing: prior mean) or a
   * map by id; `voterWeight` by voter id (a map) or aligned with voter indices (typed form).
   */
  readonly warmStart?: {
    readonly mu?: ArrayLike<number> | ReadonlyMap<P, number>;
    readonly voterWeight?: ArrayLike<number> | ReadonlyMap<V, number>;
  };
  readonly goldResults?: readonly GoldTally<V>[];
  /**
   * Per voter (typed form: by voter index), a factor on the weight of their votes in the fit that
   * does not weaken the evidence of their reliability (earned trust, ADR 0024). Default 1.
   */
  readonly voterScale?: ArrayLike<number>;
  readonly params?: RatingParams;
}

export interface RefitConvergence {
  /** Every Newton solve reached the tolerance. */
  readonly converged: boolean;
  /** Reliability rounds run (fits = rounds + 1). */
  readonly rounds: number;
  readonly newtonIterations: number;
  readonly cgIterations: number;
  /** Gradient evaluations (one pass over the pairs each, including line-search trials). */
  readonly gradientPasses: number;
  /** Largest Newton step of the final iteration of the final fit. */
  readonly finalStep: number;
  /** Largest absolute gradient component at the solution. */
  readonly gradientMax: number;
  /** The objective F at the solution. */
  readonly objective: number;
  /** Votes used (positive weight, two distinct known photos). */
  readonly activeVotes: number;
  /** Distinct photo pairs among them (the solver works per pair). */
  readonly distinctPairs: number;
  /** Votes ignored because a photo is unknown or both sides are the same photo. */
  readonly skippedVotes: number;
}

export interface RefitResult<P extends RatingKey, V extends RatingKey> {
  readonly photoIds: readonly P[];
  /** Posterior mean (MAP) per photo, aligned with `photoIds`. */
  readonly mu: Float64Array;
  /** Laplace posterior variance per photo. */
  readonly sigma2: Float64Array;
  /** Fisher information Σ c·p(1−p) per photo from the votes (σ² = 1/(1/τ² + information)). */
  readonly information: Float64Array;
  readonly voters: {
    /** Voter ids in order of first appearance (typed form: 0..voterCount−1). */
    readonly ids: readonly V[];
    /** Weight used for this voter's votes in the final fit, in [0, 1]. */
    readonly weight: Float64Array;
    /** Estimated probability that this voter's votes are sincere. */
    readonly reliability: Float64Array;
    /** Votes seen per voter (all of them, whatever their weight). */
    readonly votes: Int32Array;
  };
  readonly convergence: RefitConvergence;
}

/** The reliability u = 2r − 1 of a voter with no evidence: the mode of the Beta prior. */
export function priorVoterSignal(params: RatingParams = DEFAULT_RATING_PARAMS): number {
  const a = Math.max(1, params.voterPriorAlpha);
  const b = Math.max(1, params.voterPriorBeta);
  return a + b > 2 ? (a - b) / (a + b - 2) : 0;
}

/** Maps a voter's signal u = 2r − 1 to their vote weight. */
export function voterWeightFromSignal(u: number, params: RatingParams = DEFAULT_RATING_PARAMS) {
  const f = Math.min(0.999, Math.max(0, params.voterWeightFloor));
  return Math.min(1, Math.max(0, (u - f) / (1 - f)));
}

/** The weight of a voter the refit has not seen yet (for online updates before their first refit). */
export function priorVoterWeight(params: RatingParams = DEFAULT_RATING_PARAMS): number {
  return voterWeightFromSignal(priorVoterSignal(params), params);
}

function isVoteArrays<P extends RatingKey, V extends RatingKey>(
  votes: readonly VoteRecord<P, V>[] | VoteArrays,
): votes is VoteArrays {
  return !Array.isArray(votes);
}

/**
 * MAP refit of one category over all its votes, with per-voter reliability weights estimated
 * inside. Pure and deterministic; see the module comment for the model and the solver.
 */
export function refitCategory<P extends RatingKey, V extends RatingKey>(
  input: RefitInput<P, V> & { readonly votes: readonly VoteRecord<P, V>[] },
): RefitResult<P, V>;
export function refitCategory<P extends RatingKey>(
  input: RefitInput<P, number> & { readonly votes: VoteArrays },
): RefitResult<P, number>;
export function refitCategory<P extends RatingKey, V extends RatingKey>(
  input: RefitInput<P, V>,
): RefitResult<P, V> {
  const params = input.params ?? DEFAULT_RATING_PARAMS;
  const n = input.photoIds.length;
  let winner: Int32Array;
  let loser: Int32Array;
  let voter: Int32Array;
  let weight: Float64Array | Float32Array | null;
  let voterIds: V[];
  let voterIndex: ReadonlyMap<V, number> | null = null;

  if (isVoteArrays(input.votes)) {
    ({ winner, loser, voter } = input.votes);
    weight = input.votes.weight ?? null;
    if (winner.length !== loser.length || winner.length !== voter.length) {
      throw new RangeError('refitCategory: winner, loser and voter arrays differ in length');
    }
    if (weight !== null && weight.length !== winner.length) {
      throw new RangeError('refitCategory: weight array length differs from the votes');
    }
    let voterCount = input.votes.voterCount ?? 0;
    if (input.votes.voterCount === undefined) {
      for (const v of voter) if (v + 1 > voterCount) voterCount = v + 1;
    }
    voterIds = Array.from({ length: voterCount }, (_, i) => i as V);
  } else {
    const votes = input.votes;
    const photoIndex = new Map<P, number>();
    input.photoIds.forEach((id, i) => photoIndex.set(id, i));
    const voters = new Map<V, number>();
    voterIds = [];
    winner = new Int32Array(votes.length);
    loser = new Int32Array(votes.length);
    voter = new Int32Array(votes.length);
    const w = new Float64Array(votes.length);
    for (let e = 0; e < votes.length; e++) {
      const vote = votes[e] as VoteRecord<P, V>;
      winner[e] = photoIndex.get(vote.winner) ?? -1;
      loser[e] = photoIndex.get(vote.loser) ?? -1;
      let vi = voters.get(vote.voter);
      if (vi === undefined) {
        vi = voterIds.length;
        voters.set(vote.voter, vi);
        voterIds.push(vote.voter);
      }
      voter[e] = vi;
      w[e] = vote.weight ?? 1;
    }
    weight = w;
    voterIndex = voters;
  }
  const voterCount = voterIds.length;
  const voterOf = (id: V): number | undefined =>
    voterIndex === null
      ? typeof id === 'number' && id >= 0 && id < voterCount
        ? id
        : undefined
      : voterIndex.get(id);

  // Gold tallies per voter index.
  const goldPassed = new Float64Array(voterCount);
  const goldFailed = new Float64Array(voterCount);
  for (const tally of input.goldResults ?? []) {
    const vi = voterOf(tally.voter);
    if (vi === undefined) continue;
    goldPassed[vi] = (goldPassed[vi] as number) + Math.max(0, tally.passed);
    goldFailed[vi] = (goldFailed[vi] as number) + Math.max(0, tally.failed);
  }

  // Starting point.
  const mean = input.prior?.mean ?? params.priorMean;
  const variance = input.prior?.variance ?? params.priorVariance;
  if (!(variance > 0)) throw new RangeError('refitCategory: the prior variance must be positive');
  const theta = new Float64Array(n).fill(mean);
  const warmMu = input.warmStart?.mu;
  if (warmMu !== undefined) {
    if (warmMu instanceof Map) {
      const byId = warmMu as ReadonlyMap<P, number>;
      for (let i = 0; i < n; i++) {
        const value = byId.get(input.photoIds[i] as P);
        if (value !== undefined && Number.isFinite(value)) theta[i] = value;
      }
    } else {
      const arr = warmMu as ArrayLike<number>;
      for (let i = 0; i < n && i < arr.length; i++) {
        const value = arr[i] as number;
        if (Number.isFinite(value)) theta[i] = value;
      }
    }
  }
  const voterWeight = new Float64Array(voterCount).fill(priorVoterWeight(params));
  const warmW = input.warmStart?.voterWeight;
  if (warmW !== undefined) {
    if (warmW instanceof Map) {
      for (const [id, value] of warmW as ReadonlyMap<V, number>) {
        const vi = voterOf(id);
        if (vi !== undefined && Number.isFinite(value)) {
          voterWeight[vi] = Math.min(1, Math.max(0, value));
        }
      }
    } else {
      const arr = warmW as ArrayLike<number>;
      for (let i = 0; i < voterCount && i < arr.length; i++) {
        const value = arr[i] as number;
        if (Number.isFinite(value)) voterWeight[i] = Math.min(1, Math.max(0, value));
      }
    }
  }

  const core = refitCore({
    n,
    winner,
    loser,
    voter,
    weight,
    voterCount,
    goldPassed,
    goldFailed,
    voterScale: input.voterScale ?? null,
    theta,
    voterWeight,
    mean,
    variance,
    params,
  });
  return {
    photoIds: input.photoIds,
    mu: theta,
    sigma2: core.sigma2,
    information: core.information,
    voters: {
      ids: voterIds,
      weight: voterWeight,
      reliability: core.reliability,
      votes: core.voterVotes,
    },
    convergence: core.convergence,
  };
}

interface CoreInput {
  n: number;
  winner: Int32Array;
  loser: Int32Array;
  voter: Int32Array;
  weight: Float64Array | Float32Array | null;
  voterCount: number;
  goldPassed: Float64Array;
  goldFailed: Float64Array;
  voterScale: ArrayLike<number> | null;
  /** In: start; out: MAP. */
  theta: Float64Array;
  /** In: weights of the first fit; out: weights of the final fit. */
  voterWeight: Float64Array;
  mean: number;
  variance: number;
  params: RatingParams;
}

function refitCore(input: CoreInput) {
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

  const solver = new NewtonSolver(n, I, J, cIJ, cJI, input.mean, 1 / input.variance, params);
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
  const rounds = Math.max(0, Math.floor(params.reliabilityRounds));
  let fit = { converged: true, newton: 0, cg: 0, passes: 0, finalStep: 0 };
  let gradientPasses = 0;
  for (let round = 0; round <= rounds; round++) {
    cIJ.fill(0);
    cJI.fill(0);
    for (let e = 0; e < active; e++) {
      const v = Vt[e] as number;
      const scale = input.voterScale === null ? 1 : (input.voterScale[v] as number);
      const c = (W0[e] as number) * (voterWeight[v] as number) * scale;
      const edge = edgeOfVote[e] as number;
      if (winnerIsLo[e] === 1) cIJ[edge] = (cIJ[edge] as number) + c;
      else cJI[edge] = (cJI[edge] as number) + c;
    }
    fit = solver.solve(theta);
    newtonIterations += fit.newton;
    cgIterations += fit.cg;
    gradientPasses += fit.passes;
    converged &&= fit.converged;
    if (round < rounds) {
      estimate();
      for (let v = 0; v < voterCount; v++) {
        voterWeight[v] = voterWeightFromSignal(signal[v] as number, params);
      }
    }
  }
  if (rounds === 0) estimate();
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
    information[i] = precision - solver.invTau2;
    sigma2[i] = 1 / precision;
    gradientMax = Math.max(gradientMax, Math.abs(solver.grad[i] as number));
  }
  const convergence: RefitConvergence = {
    converged,
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

/**
 * Newton–CG for F(θ) over edges (photo pairs i < j with weighted win counts cIJ, cJI), the weights
 * fixed during a solve. Buffers are allocated once per refit and reused across the rounds.
 */
class NewtonSolver {
  /** Gradient, Hessian diagonal and per-edge Hessian weights at the last accepted point. */
  grad: Float64Array;
  diag: Float64Array;
  private hess: Float64Array;
  readonly invTau2: number;
  private gradTry: Float64Array;
  private diagTry: Float64Array;
  private hessTry: Float64Array;
  private readonly step: Float64Array;
  private readonly r: Float64Array;
  private readonly z: Float64Array;
  private readonly p: Float64Array;
  private readonly hp: Float64Array;
  private readonly trial: Float64Array;

  constructor(
    private readonly n: number,
    private readonly I: Int32Array,
    private readonly J: Int32Array,
    private readonly cIJ: Float64Array,
    private readonly cJI: Float64Array,
    private readonly mean: number,
    invTau2: number,
    private readonly params: RatingParams,
  ) {
    this.invTau2 = invTau2;
    const m = I.length;
    this.grad = new Float64Array(n);
    this.diag = new Float64Array(n);
    this.hess = new Float64Array(m);
    this.gradTry = new Float64Array(n);
    this.diagTry = new Float64Array(n);
    this.hessTry = new Float64Array(m);
    this.step = new Float64Array(n);
    this.r = new Float64Array(n);
    this.z = new Float64Array(n);
    this.p = new Float64Array(n);
    this.hp = new Float64Array(n);
    this.trial = new Float64Array(n);
  }

  /** F(θ) (one pass with logarithms). */
  objective(theta: Float64Array): number {
    const { n, I, J, cIJ, cJI, mean, invTau2 } = this;
    let f = 0;
    for (let i = 0; i < n; i++) {
      const d = (theta[i] as number) - mean;
      f += 0.5 * invTau2 * d * d;
    }
    const m = I.length;
    for (let e = 0; e < m; e++) {
      const wij = cIJ[e] as number;
      const wji = cJI[e] as number;
      if (wij === 0 && wji === 0) continue;
      const x = (theta[I[e] as number] as number) - (theta[J[e] as number] as number);
      // softplus(−x) = log(1 + e^−x) = max(−x, 0) + log1p(e^−|x|); softplus(x) = softplus(−x) + x.
      const spNeg = Math.max(-x, 0) + Math.log1p(Math.exp(-Math.abs(x)));
      f += wij * spNeg + wji * (spNeg + x);
    }
    return f;
  }

  /** Fills `grad`, `diag` (Hessian diagonal) and the per-edge Hessian weights at θ. One pass. */
  derivatives(theta: Float64Array): void {
    this.derivativesInto(theta, this.grad, this.diag, this.hess);
  }

  private derivativesInto(
    theta: Float64Array,
    grad: Float64Array,
    diag: Float64Array,
    hess: Float64Array,
  ): void {
    const { n, I, J, cIJ, cJI, mean, invTau2 } = this;
    for (let i = 0; i < n; i++) {
      grad[i] = invTau2 * ((theta[i] as number) - mean);
      diag[i] = invTau2;
    }
    const m = I.length;
    for (let e = 0; e < m; e++) {
      const wij = cIJ[e] as number;
      const wji = cJI[e] as number;
      const total = wij + wji;
      if (total === 0) {
        hess[e] = 0;
        continue;
      }
      const i = I[e] as number;
      const j = J[e] as number;
      // p = σ(x) = P(i beats j), q = 1 − p, x = θi − θj. ∂F/∂θi = −cIJ·q + cJI·p.
      const q = 1 / (1 + Math.exp((theta[i] as number) - (theta[j] as number)));
      const p = 1 - q;
      const g = wji * p - wij * q;
      grad[i] = (grad[i] as number) + g;
      grad[j] = (grad[j] as number) - g;
      const h = total * p * q;
      hess[e] = h;
      diag[i] = (diag[i] as number) + h;
      diag[j] = (diag[j] as number) + h;
    }
  }

  /** y = H·x. */
  private multiply(x: Float64Array, y: Float64Array): void {
    const { n, I, J, invTau2, hess } = this;
    for (let i = 0; i < n; i++) y[i] = invTau2 * (x[i] as number);
    const m = I.length;
    for (let e = 0; e < m; e++) {
      const a = I[e] as number;
      const b = J[e] as number;
      const d = (hess[e] as number) * ((x[a] as number) - (x[b] as number));
      y[a] = (y[a] as number) + d;
      y[b] = (y[b] as number) - d;
    }
  }

  /** Minimises F from `theta` (in place). */
  solve(theta: Float64Array) {
    const { n, params, step, r, z, p, hp, trial } = this;
    const maxIter = Math.max(1, params.refitMaxNewtonIterations);
    const maxCg = Math.max(1, params.refitMaxCgIterations);
    this.derivatives(theta);
    let f = NaN; // F(θ), computed only when the line search needs it
    let newton = 0;
    let cg = 0;
    let passes = 1;
    let finalStep = Infinity;
    let converged = false;
    while (newton < maxIter) {
      newton++;
      const grad = this.grad;
      const diag = this.diag;
      let gInf = 0;
      let gNorm2 = 0;
      for (let i = 0; i < n; i++) {
        const gi = grad[i] as number;
        gInf = Math.max(gInf, Math.abs(gi));
        gNorm2 += gi * gi;
      }
      if (gInf === 0) {
        finalStep = 0;
        converged = true;
        break;
      }
      // Preconditioned CG on H·step = −g from step = 0, to a relative residual η (the forcing
      // term of an inexact Newton method: superlinear convergence as η → 0 with ‖g‖).
      const eta = Math.min(0.1, Math.sqrt(gInf));
      const target = eta * eta * gNorm2;
      let rz = 0;
      for (let i = 0; i < n; i++) {
        step[i] = 0;
        const ri = -(grad[i] as number);
        r[i] = ri;
        const zi = ri / (diag[i] as number);
        z[i] = zi;
        p[i] = zi;
        rz += ri * zi;
      }
      for (let k = 0; k < maxCg; k++) {
        cg++;
        this.multiply(p, hp);
        let php = 0;
        for (let i = 0; i < n; i++) php += (p[i] as number) * (hp[i] as number);
        if (!(php > 0)) break;
        const alpha = rz / php;
        let rr = 0;
        for (let i = 0; i < n; i++) {
          step[i] = (step[i] as number) + alpha * (p[i] as number);
          const ri = (r[i] as number) - alpha * (hp[i] as number);
          r[i] = ri;
          rr += ri * ri;
        }
        if (rr <= target) break;
        let rzNew = 0;
        for (let i = 0; i < n; i++) {
          const zi = (r[i] as number) / (diag[i] as number);
          z[i] = zi;
          rzNew += (r[i] as number) * zi;
        }
        const beta = rzNew / rz;
        rz = rzNew;
        for (let i = 0; i < n; i++) p[i] = (z[i] as number) + beta * (p[i] as number);
      }
      let stepInf = 0;
      let slope = 0;
      for (let i = 0; i < n; i++) {
        const s = step[i] as number;
        stepInf = Math.max(stepInf, Math.abs(s));
        slope += s * (grad[i] as number);
      }
      if (!(slope < 0)) {
        // Not a descent direction (only possible through round-off at the optimum).
        finalStep = 0;
        converged = gInf < 1e-6;
        break;
      }
      // Line search from the (capped) Newton step. F is convex, so φ(t) = F(θ + t·step) is convex
      // and φ'(0) = slope < 0: if φ'(t) ≤ 0 at the trial point, F decreased all the way to it (no
      // objective needed). Otherwise the Armijo condition on F decides, halving t until it holds.
      let t = Math.min(1, params.refitMaxStep / stepInf);
      const full = t === 1;
      let accepted = false;
      let fTry = NaN;
      for (let ls = 0; ls < 40; ls++) {
        for (let i = 0; i < n; i++) trial[i] = (theta[i] as number) + t * (step[i] as number);
        this.derivativesInto(trial, this.gradTry, this.diagTry, this.hessTry);
        passes++;
        let slopeTry = 0;
        const gTry = this.gradTry;
        for (let i = 0; i < n; i++) slopeTry += (step[i] as number) * (gTry[i] as number);
        // A small step whose end slope is below half the start slope is in the quadratic
        // region, where the trapezoid rule bounds the change by t·(φ'(0) + φ'(t))/2 < 0.
        if (slopeTry <= 0 || (t * stepInf <= 0.05 && slopeTry < -0.5 * slope)) {
          accepted = true;
          f = NaN;
          break;
        }
        if (Number.isNaN(f)) f = this.objective(theta);
        fTry = this.objective(trial);
        if (fTry <= f + 1e-4 * t * slope + 1e-12 * Math.abs(f)) {
          accepted = true;
          break;
        }
        t *= 0.5;
      }
      if (!accepted) {
        finalStep = 0;
        converged = gInf < 1e-6;
        break;
      }
      theta.set(trial);
      if (!Number.isNaN(f)) f = fTry;
      this.swapTrialBuffers();
      finalStep = t * stepInf;
      if (full && t === 1 && finalStep <= params.refitTolerance) {
        converged = true;
        break;
      }
    }
    return { converged, newton, cg, passes, finalStep };
  }

  private swapTrialBuffers(): void {
    [this.grad, this.gradTry] = [this.gradTry, this.grad];
    [this.diag, this.diagTry] = [this.diagTry, this.diag];
    [this.hess, this.hessTry] = [this.hessTry, this.hess];
  }
}

/**
 * MAP of each voter's signal u = 2r − 1 given θ (see the module comment), by safeguarded Newton
 * on the concave 1-D log posterior; all voters at once, one pass over the votes per iteration.
 * `t` holds tanh(d/2) per vote, d = θwinner − θloser.
 */
function estimateSignals(
  t: Float64Array,
  Vt: Int32Array,
  W0: Float64Array,
  goldPassed: Float64Array,
  goldFailed: Float64Array,
  signal: Float64Array,
  params: RatingParams,
): void {
  const voterCount = signal.length;
  const m = t.length;
  const alpha1 = Math.max(1, params.voterPriorAlpha) - 1;
  const beta1 = Math.max(1, params.voterPriorBeta) - 1;
  const tg = Math.min(0.999999, Math.max(0, 2 * params.goldEvidenceProbability - 1));
  const edge = 1 - 1e-9;
  const lo = new Float64Array(voterCount).fill(-edge);
  const hi = new Float64Array(voterCount).fill(edge);
  const d1 = new Float64Array(voterCount);
  const d2 = new Float64Array(voterCount);
  const u = signal; // starts from the previous round's estimates (or the prior mode)
  // Root of L'(u) (L concave, so L' decreases; poles at ±1 from the prior) by bracketed Newton:
  // a Newton step that leaves the bracket is replaced by the halfway point towards the bound
  // it crossed, after which Newton converges monotonically (L' is concave near +1, convex near −1).
  for (let iter = 0; iter < 100; iter++) {
    for (let v = 0; v < voterCount; v++) {
      const uv = u[v] as number;
      const gp = goldPassed[v] as number;
      const gf = goldFailed[v] as number;
      const dp = 1 + uv * tg;
      const df = 1 - uv * tg;
      d1[v] = (gp * tg) / dp - (gf * tg) / df + alpha1 / (1 + uv) - beta1 / (1 - uv);
      d2[v] =
        -(gp * tg * tg) / (dp * dp) -
        (gf * tg * tg) / (df * df) -
        alpha1 / ((1 + uv) * (1 + uv)) -
        beta1 / ((1 - uv) * (1 - uv));
    }
    for (let e = 0; e < m; e++) {
      const v = Vt[e] as number;
      const te = t[e] as number;
      const w = W0[e] as number;
      const q = te / (1 + (u[v] as number) * te);
      d1[v] = (d1[v] as number) + w * q;
      d2[v] = (d2[v] as number) - w * q * q;
    }
    let moved = 0;
    for (let v = 0; v < voterCount; v++) {
      const uv = u[v] as number;
      const g = d1[v] as number;
      const h = d2[v] as number;
      if (g === 0) continue;
      if (g > 0) lo[v] = uv;
      else hi[v] = uv;
      const l = lo[v] as number;
      const r = hi[v] as number;
      let next = h < 0 ? uv - g / h : g > 0 ? r : l;
      if (next >= r) next = (uv + r) / 2;
      else if (next <= l) next = (uv + l) / 2;
      moved = Math.max(moved, Math.abs(next - uv));
      u[v] = next;
    }
    if (moved < 1e-10) break;
  }
}
