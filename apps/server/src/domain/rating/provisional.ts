/**
 * Provisional scores (DESIGN §5): a photo's score is provisional until its uncertainty is small,
 * roughly the posterior variance after `provisionalComparisons` (30) comparisons against typical
 * opponents. Provisional scores are shown as such; leaderboards list only established photos.
 */
import { DEFAULT_RATING_PARAMS, type RatingParams } from './params.js';

/**
 * The variance below which a photo is established: 1 / (1/τ² + n·I), with n the provisional
 * comparison count and I the information of one typical comparison (w·p(1−p)).
 */
export function provisionalThreshold(params: RatingParams = DEFAULT_RATING_PARAMS): number {
  return (
    1 /
    (1 / params.priorVariance + params.provisionalComparisons * params.typicalComparisonInformation)
  );
}

/** The threshold with the default parameters (0.15625 logit² for τ² = 1, 30 × 0.18). */
export const PROVISIONAL_SIGMA2 = provisionalThreshold(DEFAULT_RATING_PARAMS);

/** Whether a photo with posterior variance `sigma2` still has a provisional score. */
export function isProvisional(sigma2: number, params: RatingParams = DEFAULT_RATING_PARAMS) {
  return !(sigma2 < provisionalThreshold(params));
}
