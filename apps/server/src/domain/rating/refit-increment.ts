/**
 * The incremental refit (issue 19, ADR 0029): what the votes since the last fit add to the photos
 * they name, at a cost in proportion to those votes and photos, whatever the history.
 *
 * Each photo the new votes name enters with its belief after the fits before: its MAP strength
 * μ and the curvature of the fit's objective there (the Laplace precision, prior included), i.e.
 * the old votes summed up as the Gaussian N(μ, 1/precision) that the full fit's posterior is
 * approximately. The new votes are then fitted on top of those beliefs by the same Newton–CG as
 * the full refit (refit-core.ts, with a prior per photo), each vote weighed as the full fit would
 * weigh it with the voter state it has now: its online weight (the voter's refit weight, 0 for a
 * suspicious vote, a crowd's votes on one photo damped, ADR 0024) times the voter's earned trust,
 * which grows with the new votes as the full refit's does (the evidence behind the stored trust
 * plus the new votes' own, `earnedTrust` in influence.ts). The voters' reliability weights are
 * not re-estimated: that needs every vote, and is the full refit's.
 *
 * What it leaves out (measured in ADR 0029): photos without new votes keep their μ, though their
 * opponents moved (the full fit would move them by a fraction of that), and the voters'
 * weights, trust and neighbourhoods stay as the last full refit left them. A nightly full refit
 * puts all of it back.
 */
import { trustFromEvidence } from './influence.js';
import type { RatingParams } from './params.js';
import { refitCore } from './refit-core.js';

export interface IncrementInput {
  /** Per photo the new votes name (positions 0..n−1): its fitted μ and Laplace precision. */
  readonly mu: Float64Array;
  readonly precision: Float64Array;
  /**
   * Per photo, the precision of its evidence (1/σ², the shown uncertainty): the prior's plus
   * Σ weight·p(1 − p) over its votes, trust left out (influence.ts, `evidenceVariance`).
   */
  readonly evidence: Float64Array;
  /** The new votes: positions of the winner and the loser, oldest first. */
  readonly winner: Int32Array;
  readonly loser: Int32Array;
  /** Per vote, its online weight in [0, 1] as stored (0: it counts for nothing). */
  readonly weight: Float64Array;
  /** Per vote, its voter's position in `voterTrust`. */
  readonly voter: Int32Array;
  /**
   * Per voter, the trust the last full refit found them to have earned (NaN: none yet). Trust is
   * a factor on a vote's weight in the fit, not in the evidence (ADR 0024).
   */
  readonly voterTrust: Float64Array;
  readonly params: RatingParams;
}

export interface IncrementResult {
  /** Per photo, the new μ, Laplace precision and evidence precision. */
  readonly mu: Float64Array;
  readonly precision: Float64Array;
  readonly evidence: Float64Array;
  /** Per voter, the trust their votes here were weighed with. */
  readonly voterTrust: Float64Array;
  readonly converged: boolean;
}

/**
 * Each voter's trust with the new votes counted (influence.ts `earnedTrust`, from the evidence the
 * stored trust stands for): every vote that weighs something is evidence, one more when it agrees
 * with the beliefs before it on a clear pair and one less when it goes against them. Stored trust
 * at 1 is taken as exactly the evidence that earns it: a voter the full refit trusts fully loses
 * trust here only by disagreeing.
 */
export function trustWithNewVotes(input: IncrementInput): Float64Array {
  const { params } = input;
  const prior = Math.min(1, Math.max(0, params.trustPrior));
  const full = Math.max(1e-9, params.trustFullEvidence);
  const evidence = Float64Array.from(input.voterTrust, (trust) =>
    Number.isFinite(trust) && prior < 1 ? (Math.max(0, trust - prior) / (1 - prior)) * full : 0,
  );
  const n = input.mu.length;
  for (let e = 0; e < input.winner.length; e++) {
    const a = input.winner[e] as number;
    const b = input.loser[e] as number;
    const v = input.voter[e] as number;
    if (!((input.weight[e] as number) > 0) || a === b || a < 0 || b < 0 || a >= n || b >= n) {
      continue;
    }
    if (v < 0 || v >= evidence.length) continue;
    const gap = (input.mu[a] as number) - (input.mu[b] as number);
    const agreement = Math.abs(gap) < params.trustMargin ? 0 : gap > 0 ? 1 : -1;
    evidence[v] = (evidence[v] as number) + params.trustVoteEvidence + agreement;
  }
  return Float64Array.from(evidence, (value) => trustFromEvidence(value, params));
}

/** The new beliefs of the photos the new votes name. Pure and deterministic. */
export function refitIncrement(input: IncrementInput): IncrementResult {
  const { params } = input;
  const n = input.mu.length;
  const count = input.winner.length;
  if (
    input.precision.length !== n ||
    input.evidence.length !== n ||
    input.loser.length !== count ||
    input.weight.length !== count ||
    input.voter.length !== count
  ) {
    throw new RangeError('refitIncrement: the photo or vote arrays differ in length');
  }
  const voterTrust = trustWithNewVotes(input);
  const trust = Float64Array.from(input.voter, (v) => voterTrust[v] ?? params.trustPrior);
  const theta = Float64Array.from(input.mu);
  const core = refitCore({
    n,
    winner: input.winner,
    loser: input.loser,
    voter: new Int32Array(count),
    weight: input.weight,
    voterCount: 1,
    goldPassed: new Float64Array(1),
    goldFailed: new Float64Array(1),
    voterScale: null,
    voteScale: trust,
    theta,
    // The weight is in each vote's own: the one "voter" here weighs 1 and is not re-estimated.
    voterWeight: new Float64Array(1).fill(1),
    mean: params.priorMean,
    variance: params.priorVariance,
    photoPrior: { mean: input.mu, precision: input.precision },
    params: { ...params, reliabilityRounds: 0 },
  });
  const precision = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    precision[i] = (input.precision[i] as number) + (core.information[i] as number);
  }
  // The evidence the new votes add at the new strengths, as the full fit's σ² counts it.
  const evidence = Float64Array.from(input.evidence);
  for (let e = 0; e < count; e++) {
    const a = input.winner[e] as number;
    const b = input.loser[e] as number;
    const w = Math.min(1, input.weight[e] as number);
    if (!(w > 0) || a === b || a < 0 || b < 0 || a >= n || b >= n) continue;
    const p = 1 / (1 + Math.exp((theta[b] as number) - (theta[a] as number)));
    const info = w * p * (1 - p);
    evidence[a] = (evidence[a] as number) + info;
    evidence[b] = (evidence[b] as number) + info;
  }
  return { mu: theta, precision, evidence, voterTrust, converged: core.convergence.converged };
}
