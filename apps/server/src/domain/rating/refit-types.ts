/** The shapes of the batch refit's input and output (the model is described in refit.ts). */
import type { RatingParams } from './params.js';

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
   * Where the fit starts instead of the prior: `mu` aligned with `photoIds` (NaN or missing:
   * prior mean) or a map by id; `voterWeight` by voter id (a map) or aligned with voter indices
   * (typed form). The result depends on it (within the tolerances, and through the voter
   * weights' fixed point): the server's refit passes only what it computed in the same refit
   * (the final fit starts where the baseline ended), never a stored state (issue 18).
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
  /**
   * Per vote (aligned with `votes`), a factor on its weight in the fit that, like `voterScale`,
   * does not weaken the evidence of its voter's reliability (one voice per group, ADR 0024).
   * Default 1.
   */
  readonly voteScale?: ArrayLike<number>;
  readonly params?: RatingParams;
}

export interface RefitConvergence {
  /** Every Newton solve reached the tolerance and the voter weights settled. */
  readonly converged: boolean;
  /** Reliability rounds run until the weights settled (fits = rounds + 1). */
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
