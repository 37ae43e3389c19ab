/**
 * When a refit's result is worth writing over what a photo shows (ADR 0029). Between two fits a
 * photo's row carries its online belief: each vote moved it as it came (DESIGN §5). An
 * incremental refit fits the same votes again, better, and lands close to that belief for most
 * photos it names (bench:refit: the score as shown differs for about 3%). Rewriting every such
 * row cost most of an increment's time at 1,000,000 photos (issue 19); the fit state is kept
 * apart, so only the rows a reader would see move are written.
 */
import { formatScore } from '@yanzhi/contract';

/** What a reader sees of a photo's belief: μ and σ², the display score (hundredths), the state. */
export interface ShownBelief {
  mu: number;
  sigma2: number;
  score: number;
  provisional: boolean;
}

/** A score move (hundredths) worth a write even when its one decimal stays the same. */
export const SHOWN_SCORE_STEP = 2;
/** A move of μ (logits) worth a write: the pairing's closeness and the boards' ties read μ. */
export const SHOWN_MU_STEP = 0.02;
/** A relative move of σ worth a write: a provisional photo shows its range. */
export const SHOWN_SIGMA_STEP = 0.05;

/**
 * Whether `next` differs from `shown` by anything a reader would notice: the provisional state,
 * the score as displayed (one decimal), the score by SHOWN_SCORE_STEP hundredths, μ by
 * SHOWN_MU_STEP or σ by SHOWN_SIGMA_STEP of itself. So a photo left as it is shows the fit's
 * values within those steps, until its next vote moves it or the next refit writes it.
 */
export function shownMoved(shown: ShownBelief, next: ShownBelief): boolean {
  return (
    shown.provisional !== next.provisional ||
    formatScore(shown.score) !== formatScore(next.score) ||
    Math.abs(shown.score - next.score) >= SHOWN_SCORE_STEP ||
    Math.abs(shown.mu - next.mu) >= SHOWN_MU_STEP ||
    !(Math.abs(Math.sqrt(next.sigma2 / shown.sigma2) - 1) < SHOWN_SIGMA_STEP)
  );
}
