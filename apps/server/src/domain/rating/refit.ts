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
 * method scales to millions of votes.
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
 * "re-estimate u" until no weight moves by more than `reliabilityTolerance` (the iteration
 * contracts by about half a round); a final fit uses the last weights. The result is a
 * deterministic function of the votes and of the start (the prior, or `warmStart` if given):
 * the server's refit always starts from the prior, so equal votes give bit-identical results
 * whatever was refitted before (issue 18).
 *
 * Output per photo: μ (MAP) and σ² = 1/(1/τ² + Σ c·p(1−p)) (the Laplace diagonal).
 */
import { DEFAULT_RATING_PARAMS } from './params.js';
import { refitCore } from './refit-core.js';
import type { RatingKey, RefitInput, RefitResult, VoteArrays, VoteRecord } from './refit-types.js';
import { priorVoterWeight } from './voter-signal.js';

export type {
  RatingKey,
  VoteRecord,
  VoteArrays,
  GoldTally,
  RefitInput,
  RefitConvergence,
  RefitResult,
} from './refit-types.js';
export { priorVoterSignal, voterWeightFromSignal, priorVoterWeight } from './voter-signal.js';

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
    voteScale: input.voteScale ?? null,
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
