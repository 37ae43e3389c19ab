/**
 * Who is on a board and in what order (DESIGN §8, issue 17). Established photos are ranked by
 * their score. A provisional photo (定级中) joins once it has a few comparisons, ranked by the
 * LOW end of its 95% range, so a lucky start cannot put a barely-known photo on the podium: it
 * climbs as its range narrows. The range itself comes from domain/rating/placement.ts, the one
 * place it is computed.
 */
import { placementOf, type PlacementFacts } from '../rating/placement.js';

/**
 * Comparisons a provisional photo needs before it is listed: below this its range spans most
 * of the scale and says nothing; five matches narrow it enough to be worth showing.
 */
export const BOARD_MIN_COMPARISONS = 5;

/** The columns of a photo that decide its standing. */
export interface StandingInput {
  state: string;
  provisional: number;
  comparisons: number;
  current_score: number;
  mu: number;
  sigma2: number;
}

export interface BoardStanding {
  /** What the board orders by, in hundredths: the score, or the low end of the range. */
  key: number;
  /** The range while provisional; null once established. */
  placement: PlacementFacts | null;
}

/**
 * A photo's standing on its category's boards, or null when it is not listed (not active, or
 * provisional with fewer than BOARD_MIN_COMPARISONS comparisons). `referenceMus` are the
 * category's reference strengths, the yardstick of its display scores.
 */
export function boardStanding(
  photo: StandingInput,
  referenceMus: ArrayLike<number>,
): BoardStanding | null {
  if (photo.state !== 'active') return null;
  if (photo.provisional === 0) return { key: photo.current_score, placement: null };
  if (photo.comparisons < BOARD_MIN_COMPARISONS) return null;
  const placement = placementOf(photo.mu, photo.sigma2, referenceMus);
  // The flag lags the variance until the next write: a settled variance ranks by the score.
  if (placement === null) return { key: photo.current_score, placement: null };
  // The key never exceeds the score (the online score can drift from the refit's yardstick).
  return { key: Math.min(placement.scoreLow, photo.current_score), placement };
}
