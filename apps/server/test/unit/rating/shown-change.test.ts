import { describe, expect, it } from 'vitest';
import {
  shownMoved,
  SHOWN_MU_STEP,
  SHOWN_SCORE_STEP,
  SHOWN_SIGMA_STEP,
  type ShownBelief,
} from '../../../src/domain/rating/index.js';

/** An established photo showing 6.43 (643 hundredths), away from any rounding edge. */
const shown: ShownBelief = { mu: 0.4, sigma2: 0.05, score: 643, provisional: false };

describe('shownMoved: whether an incremental refit rewrites what a photo shows (ADR 0029)', () => {
  it('leaves a photo whose fit lands within every step of what it shows', () => {
    expect(shownMoved(shown, shown)).toBe(false);
    expect(
      shownMoved(shown, {
        mu: shown.mu + 0.9 * SHOWN_MU_STEP,
        sigma2: shown.sigma2 * (1 - 0.9 * SHOWN_SIGMA_STEP) ** 2,
        score: shown.score + SHOWN_SCORE_STEP - 1,
        provisional: false,
      }),
    ).toBe(false);
  });

  it('rewrites a photo when the score a reader sees changes, by one hundredth across a tenth', () => {
    // 6.44 and 6.45 show as 6.4 and 6.5.
    expect(shownMoved({ ...shown, score: 644 }, { ...shown, score: 645 })).toBe(true);
    expect(shownMoved(shown, { ...shown, score: shown.score + SHOWN_SCORE_STEP })).toBe(true);
    expect(shownMoved(shown, { ...shown, score: shown.score - SHOWN_SCORE_STEP })).toBe(true);
  });

  it('rewrites a photo whose provisional state, μ or σ moved by a step', () => {
    expect(shownMoved(shown, { ...shown, provisional: true })).toBe(true);
    expect(shownMoved(shown, { ...shown, mu: shown.mu - SHOWN_MU_STEP })).toBe(true);
    const sigma = Math.sqrt(shown.sigma2);
    expect(
      shownMoved(shown, { ...shown, sigma2: (sigma * (1 + 1.01 * SHOWN_SIGMA_STEP)) ** 2 }),
    ).toBe(true);
    expect(
      shownMoved(shown, { ...shown, sigma2: (sigma * (1 - 1.01 * SHOWN_SIGMA_STEP)) ** 2 }),
    ).toBe(true);
  });

  it('rewrites a photo whose shown belief is not a number', () => {
    expect(shownMoved({ ...shown, sigma2: Number.NaN }, shown)).toBe(true);
  });
});
