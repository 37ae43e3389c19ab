import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATING_PARAMS,
  matchesToPlace,
  placementOf,
  provisionalThreshold,
} from '../../../src/domain/rating/index.js';

const params = DEFAULT_RATING_PARAMS;
const refs = [-1, -0.5, 0, 0.5, 1];
/** The posterior variance after n typical comparisons from the prior. */
const after = (n: number) =>
  1 / (1 / params.priorVariance + n * params.typicalComparisonInformation);

describe('placement (定级中 · 还需约 N 场)', () => {
  it('a new photo needs about the provisional comparison count', () => {
    expect(matchesToPlace(params.priorVariance)).toBe(params.provisionalComparisons);
  });

  it('counts down with every typical match', () => {
    expect(matchesToPlace(after(10))).toBe(params.provisionalComparisons - 10);
    expect(matchesToPlace(after(29))).toBe(1);
  });

  it('is null once the variance is under the threshold', () => {
    expect(placementOf(0, provisionalThreshold(params) * 0.99, refs)).toBeNull();
    expect(placementOf(0, after(31), refs)).toBeNull();
  });

  it('gives a 95% range around the score that narrows with matches', () => {
    const young = placementOf(0.2, after(2), refs);
    const older = placementOf(0.2, after(20), refs);
    expect(young).not.toBeNull();
    expect(older).not.toBeNull();
    if (young === null || older === null) return;
    expect(young.scoreLow).toBeLessThan(older.scoreLow);
    expect(young.scoreHigh).toBeGreaterThan(older.scoreHigh);
    expect(older.scoreLow).toBeLessThan(older.scoreHigh);
    expect(young.scoreLow).toBeGreaterThanOrEqual(100);
    expect(young.scoreHigh).toBeLessThanOrEqual(1000);
  });

  it('survives a broken variance with the widest range', () => {
    const placement = placementOf(0, Number.NaN, refs);
    expect(placement?.matchesToPlace).toBe(params.provisionalComparisons);
  });
});
