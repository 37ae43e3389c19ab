/**
 * Where a provisional photo stands while it is placed (定级中), from the engine's own posterior:
 * about how many more matches bring its variance under the provisional threshold, and the 95%
 * range of its display score. Both are shown to people (profile, photo page, boards), so they
 * come from the same σ² that decides the provisional state, never from a fixed count.
 */
import { displayScore } from './display.js';
import { DEFAULT_RATING_PARAMS, type RatingParams } from './params.js';
import { isProvisional, provisionalThreshold } from './provisional.js';

/** z of a two-sided 95% interval. */
const Z95 = 1.96;

export interface PlacementFacts {
  /** About how many more typical matches until the score is established (≥ 1). */
  matchesToPlace: number;
  /** The 95% range of the display score, hundredths. */
  scoreLow: number;
  scoreHigh: number;
}

/**
 * More matches needed: each typical comparison adds `typicalComparisonInformation` to the
 * precision 1/σ², and the photo is established once the precision passes 1/threshold.
 */
export function matchesToPlace(sigma2: number, params: RatingParams = DEFAULT_RATING_PARAMS) {
  // A broken variance counts as knowing nothing beyond the prior.
  const variance = sigma2 > 0 && Number.isFinite(sigma2) ? sigma2 : params.priorVariance;
  const missing = 1 / provisionalThreshold(params) - 1 / variance;
  // The small slack keeps 30.000000001 (rounding) from reading as 31.
  return Math.max(1, Math.ceil(missing / params.typicalComparisonInformation - 1e-9));
}

/**
 * The placement of a photo with strength `mu` and variance `sigma2`, its range mapped to display
 * scores by `scoreOf` (the category's reference set); null once the photo is established.
 */
export function placementWith(
  mu: number,
  sigma2: number,
  scoreOf: (mu: number) => number,
  params: RatingParams = DEFAULT_RATING_PARAMS,
): PlacementFacts | null {
  if (!isProvisional(sigma2, params)) return null;
  const variance = sigma2 > 0 && Number.isFinite(sigma2) ? sigma2 : params.priorVariance;
  const spread = Z95 * Math.sqrt(variance);
  return {
    matchesToPlace: matchesToPlace(sigma2, params),
    scoreLow: scoreOf(mu - spread),
    scoreHigh: scoreOf(mu + spread),
  };
}

/**
 * The placement of a photo with strength `mu` and variance `sigma2`, scored against the
 * category's reference strengths; null once the photo is established.
 */
export function placementOf(
  mu: number,
  sigma2: number,
  references: ArrayLike<number>,
  params: RatingParams = DEFAULT_RATING_PARAMS,
): PlacementFacts | null {
  return placementWith(mu, sigma2, (value) => displayScore(value, references, params), params);
}
