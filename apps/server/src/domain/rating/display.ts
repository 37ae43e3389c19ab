/**
 * The display score (DESIGN §5): a photo's expected win rate against its category's frozen
 * reference set, mapped to 1.00–10.00 and returned in hundredths (100..1000):
 *
 *     score = 100 + round(900 · mean_k σ(μ − μref_k))
 *
 * The reference set is a list of established photos chosen once (spread over the quantiles of
 * the category) and changed only when members disappear, so scores move only when a photo's own
 * strength moves relative to a fixed yardstick: with a full set, a shift of every μ (the model's
 * free location) changes nothing. A photo at the centre of the reference set scores about 5.50 (550); new photos
 * start at the prior mean, which is the centre of a category's strengths.
 *
 * The set has `referenceSetSize` places. While a category has fewer established photos than
 * that, each vacant place is held by the prior: a photo drawn from N(priorMean, priorVariance),
 * whose win rate against a photo of strength μ is σ(κ·(μ − priorMean)) by the probit
 * approximation. A member joining replaces one vacancy, so it moves every score by a
 * `referenceSetSize`-th of the difference at most. Before, a young category measured against its
 * few members alone, and each new member moved every score: at 200,000 photos with one
 * established photo, the set's first member moved every score by 0.7 on average (bench:scale).
 */
import { probitScale, sigmoid } from './math.js';
import { DEFAULT_RATING_PARAMS, type RatingParams } from './params.js';
import { isProvisional } from './provisional.js';

export const MIN_DISPLAY_SCORE = 100;
export const MAX_DISPLAY_SCORE = 1000;

export interface ReferenceCandidate {
  readonly id: string;
  readonly mu: number;
  readonly sigma2: number;
}

/**
 * Chooses a category's reference set. Members of `previous` that are still among `candidates`
 * are kept, whatever their current standing; when the set has fewer than `referenceSetSize`
 * members (members disappeared, or the category was young), vacancies are filled with
 * established candidates (not provisional), each time at the quantile of the established
 * photos that is farthest from every current member, so the set stays spread across the range.
 * Deterministic: ties are broken by id. O(n log n + size·(size + n)) per call, once per refit.
 */
export function chooseReferenceSet(
  candidates: readonly ReferenceCandidate[],
  previous: readonly string[] = [],
  params: RatingParams = DEFAULT_RATING_PARAMS,
): string[] {
  const size = Math.max(0, Math.floor(params.referenceSetSize));
  const present = new Set(candidates.map((c) => c.id));
  const kept = [...new Set(previous)].filter((id) => present.has(id)).slice(0, size);
  if (kept.length >= size) return kept;

  const established = candidates
    .filter((c) => Number.isFinite(c.mu) && !isProvisional(c.sigma2, params))
    .sort((a, b) => a.mu - b.mu || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const count = established.length;
  if (count === 0) return kept;
  const rankOf = new Map(established.map((c, i) => [c.id, i]));
  const taken = new Set(kept);
  // Positions (quantiles in [0, 1]) of the current members among the established photos.
  const quantile = (rank: number) => (count === 1 ? 0.5 : rank / (count - 1));
  const positions: number[] = [];
  for (const id of kept) {
    const rank = rankOf.get(id);
    if (rank !== undefined) positions.push(quantile(rank));
  }
  const result = [...kept];
  while (result.length < size) {
    // Target: the slot centre (k + ½)/size farthest from every current member.
    let target = 0.5;
    let bestGap = -1;
    for (let k = 0; k < size; k++) {
      const q = (k + 0.5) / size;
      let gap = Infinity;
      for (const p of positions) gap = Math.min(gap, Math.abs(p - q));
      if (gap > bestGap + 1e-12) {
        bestGap = gap;
        target = q;
      }
    }
    // The established non-member nearest to the target quantile.
    const centre = Math.round(target * (count - 1));
    let chosen = -1;
    for (let d = 0; d < count && chosen < 0; d++) {
      for (const rank of d === 0 ? [centre] : [centre - d, centre + d]) {
        if (rank < 0 || rank >= count) continue;
        if (!taken.has((established[rank] as ReferenceCandidate).id)) {
          chosen = rank;
          break;
        }
      }
    }
    if (chosen < 0) break;
    const id = (established[chosen] as ReferenceCandidate).id;
    taken.add(id);
    result.push(id);
    positions.push(quantile(chosen));
  }
  return result;
}

/** The reference members' μ, looked up once per refit (ids absent from the refit are skipped). */
export function referenceMus(
  referenceIds: readonly string[],
  photoIds: readonly string[],
  mu: ArrayLike<number>,
): Float64Array {
  const wanted = new Set(referenceIds);
  const found = new Map<string, number>();
  for (let i = 0; i < photoIds.length && found.size < wanted.size; i++) {
    const id = photoIds[i] as string;
    if (wanted.has(id)) found.set(id, mu[i] as number);
  }
  const out: number[] = [];
  for (const id of referenceIds) {
    const value = found.get(id);
    if (value !== undefined && Number.isFinite(value)) out.push(value);
  }
  return Float64Array.from(out);
}

/**
 * The win rate of a photo with strength `mu` against a vacant place of the reference set: against
 * a photo drawn from the prior N(priorMean, priorVariance).
 */
export function priorWinRate(mu: number, params: RatingParams = DEFAULT_RATING_PARAMS): number {
  return sigmoid((mu - params.priorMean) * probitScale(params.priorVariance));
}

/**
 * Mean win rate of a photo with strength `mu` against the reference set's `referenceSetSize`
 * places: its members' μ (`references`) and the vacancies the prior holds. A set with more
 * members than places (a smaller size configured later) counts every member.
 */
export function referenceWinRate(
  mu: number,
  references: ArrayLike<number>,
  params: RatingParams = DEFAULT_RATING_PARAMS,
): number {
  const members = references.length;
  const places = Math.max(members, Math.floor(params.referenceSetSize));
  if (places === 0) return priorWinRate(mu, params);
  let sum = 0;
  for (let i = 0; i < members; i++) sum += sigmoid(mu - (references[i] as number));
  const vacancies = places - members;
  if (vacancies > 0) sum += vacancies * priorWinRate(mu, params);
  return sum / places;
}

/** The display score in hundredths, 100..1000: 100 + round(900 · mean win rate). */
export function displayScore(
  mu: number,
  references: ArrayLike<number>,
  params: RatingParams = DEFAULT_RATING_PARAMS,
): number {
  if (!Number.isFinite(mu)) return 550;
  const score = MIN_DISPLAY_SCORE + Math.round(900 * referenceWinRate(mu, references, params));
  return Math.min(MAX_DISPLAY_SCORE, Math.max(MIN_DISPLAY_SCORE, score));
}

/** Display scores of many photos at once (e.g. all photos of a refit), in hundredths. */
export function displayScores(
  mus: ArrayLike<number>,
  references: ArrayLike<number>,
  params: RatingParams = DEFAULT_RATING_PARAMS,
): Int32Array {
  const refs = Float64Array.from(references);
  const out = new Int32Array(mus.length);
  for (let i = 0; i < mus.length; i++) out[i] = displayScore(mus[i] as number, refs, params);
  return out;
}

/** The display score in hundredths of a photo with strength `mu`: displayScore with `params`. */
export function scoreOf(mu: number, referenceMus: readonly number[], params: RatingParams): number {
  return displayScore(mu, referenceMus, params);
}
