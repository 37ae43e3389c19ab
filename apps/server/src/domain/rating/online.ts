/**
 * The O(1) online update of one vote (DESIGN §5): drives pairing and instant feedback between
 * batch refits. The refit (refit.ts) remains the source of truth.
 *
 * Derivation (assumed-density filtering, as in Weng & Lin 2011 and Glicko):
 *   Before the vote, θw ~ N(μw, σw²) and θl ~ N(μl, σl²), independent. The vote is the event
 *   "w beat l", with Bradley-Terry likelihood σ(d), d = θw − θl, tempered by the voter weight
 *   w ∈ [0, 1] (a power likelihood σ(d)^w, so w = 0 carries no information).
 *   The prior of d is N(δ, s²) with δ = μw − μl and s² = σw² + σl². Its evidence is
 *     Z(δ) = E[σ(d)^w] ≈ σ(κ·δ)^w,   κ = 1/√(1 + π s²/8)      (probit approximation)
 *   For a Gaussian prior, the exact posterior moments follow from log Z (Opper's identities):
 *     E[d | vote]   = δ + s² · ∂ log Z/∂δ
 *     Var[d | vote] = s² + s⁴ · ∂² log Z/∂δ²
 *   With p = σ(κδ):  g = ∂ log Z/∂δ = w·κ·(1 − p) ≥ 0,   h = −∂² log Z/∂δ² = w·κ²·p(1 − p) ≥ 0.
 *   Spreading the change of d over the two photos in proportion to their prior variances (the
 *   regression of θw and θl on d), and keeping only the diagonal of the posterior covariance:
 *     μw' = μw + σw²·g          μl' = μl − σl²·g
 *     σw²' = σw²·(1 − σw²·h)    σl²' = σl²·(1 − σl²·h)
 *   Properties: the winner moves up and the loser down; an upset (p small) moves them more;
 *   equal variances give equal and opposite moves; variances only shrink (σ²h ≤ 2/π < 1), and
 *   uncertain photos move more than settled ones.
 */
import { probitScale, sigmoid } from './math.js';
import { DEFAULT_RATING_PARAMS, type RatingParams } from './params.js';

/** One photo's Gaussian belief about its strength. */
export interface RatingState {
  readonly mu: number;
  readonly sigma2: number;
}

export interface OnlineUpdateResult {
  readonly winner: RatingState;
  readonly loser: RatingState;
  /** P(winner beats loser) before the vote, uncertainty included. */
  readonly expected: number;
}

/** Variances never go below this, so a long online run cannot freeze a photo. */
const MIN_VARIANCE = 1e-6;

/**
 * The belief of a photo that has no votes yet: the prior. `params` supplies the prior.
 */
export function priorState(params: RatingParams = DEFAULT_RATING_PARAMS): RatingState {
  return { mu: params.priorMean, sigma2: params.priorVariance };
}

/**
 * Updates both photos for one vote "winner beat loser" cast with voter weight `weight` ∈ [0, 1]
 * (clamped). O(1), pure. `params` is accepted for symmetry with the other entry points; the
 * update itself has no tunables.
 */
export function updateOnline(
  winner: RatingState,
  loser: RatingState,
  weight: number,
  _params: RatingParams = DEFAULT_RATING_PARAMS,
): OnlineUpdateResult {
  const w = Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : 0;
  const s2 = winner.sigma2 + loser.sigma2;
  const kappa = probitScale(s2);
  const p = sigmoid(kappa * (winner.mu - loser.mu));
  if (w === 0) return { winner, loser, expected: p };
  const g = w * kappa * (1 - p);
  const h = w * kappa * kappa * p * (1 - p);
  return {
    winner: {
      mu: winner.mu + winner.sigma2 * g,
      sigma2: Math.max(MIN_VARIANCE, winner.sigma2 * (1 - winner.sigma2 * h)),
    },
    loser: {
      mu: loser.mu - loser.sigma2 * g,
      sigma2: Math.max(MIN_VARIANCE, loser.sigma2 * (1 - loser.sigma2 * h)),
    },
    expected: p,
  };
}
