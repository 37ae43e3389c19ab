import { describe, expect, it } from 'vitest';
import {
  hasStanding,
  hideThreshold,
  shouldHide,
  STANDING_MIN_TRUST,
  STANDING_MIN_VOTES,
  type Reporter,
} from '../../src/domain/standing.js';

const rule = { reliabilityCutoff: 0.25 };
const fresh: Reporter = {
  signedIn: false,
  deviceAccount: false,
  refitWeight: null,
  trust: null,
  totalVotes: 0,
  goldPassed: 0,
};
const earned: Reporter = {
  ...fresh,
  refitWeight: 0.8,
  trust: 1,
  totalVotes: 40,
  goldPassed: 2,
};

describe('hasStanding', () => {
  it('gives standing to a signed-in account, never to a fresh id', () => {
    expect(hasStanding({ ...fresh, signedIn: true }, rule)).toBe(true);
    expect(hasStanding(fresh, rule)).toBe(false);
  });

  it('treats a device account made by an upload like an anonymous voter', () => {
    expect(hasStanding({ ...fresh, signedIn: true, deviceAccount: true }, rule)).toBe(false);
    expect(hasStanding({ ...earned, signedIn: true, deviceAccount: true }, rule)).toBe(true);
  });

  it('gives standing to a voter whose weight was earned, and only then', () => {
    const cases: [Partial<Reporter>, boolean][] = [
      [{}, true],
      [{ refitWeight: 0.25 }, true],
      [{ refitWeight: 0.2499 }, false],
      [{ refitWeight: null }, false],
      [{ refitWeight: Number.NaN }, false],
      [{ totalVotes: STANDING_MIN_VOTES }, true],
      [{ totalVotes: STANDING_MIN_VOTES - 1 }, false],
      [{ goldPassed: 1 }, true],
      [{ goldPassed: 0 }, false],
      [{ trust: STANDING_MIN_TRUST }, true],
      [{ trust: 0.25 }, false],
      [{ trust: null }, false],
    ];
    for (const [change, expected] of cases) {
      expect(hasStanding({ ...earned, ...change }, rule), JSON.stringify(change)).toBe(expected);
    }
  });

  it('never gives standing through a zero weight, even with a zero cutoff', () => {
    expect(hasStanding({ ...earned, refitWeight: 0 }, { reliabilityCutoff: 0 })).toBe(false);
    expect(hasStanding({ ...earned, refitWeight: 0.01 }, { reliabilityCutoff: 0 })).toBe(true);
  });
});

describe('hideThreshold', () => {
  it('is the base for a little-seen photo and grows logarithmically with comparisons', () => {
    const cases: [number, number][] = [
      [0, 3],
      [30, 3],
      [99, 3],
      [100, 4],
      [299, 4],
      [300, 5],
      [700, 6],
      [1500, 7],
      [3000, 7],
      [3100, 8],
      [100_000, 12],
    ];
    for (const [comparisons, expected] of cases) {
      expect(hideThreshold(3, comparisons), String(comparisons)).toBe(expected);
    }
    expect(hideThreshold(1, 0)).toBe(1);
  });

  it('never falls below the base, whatever the input', () => {
    expect(hideThreshold(3, -50)).toBe(3);
    expect(hideThreshold(3, Number.NaN)).toBe(3);
    expect(hideThreshold(3, Number.POSITIVE_INFINITY)).toBe(3);
    for (let comparisons = 0; comparisons < 20_000; comparisons += 37) {
      expect(hideThreshold(3, comparisons + 37)).toBeGreaterThanOrEqual(
        hideThreshold(3, comparisons),
      );
    }
  });
});

describe('shouldHide', () => {
  it('hides at the threshold, not before', () => {
    expect(shouldHide(2, 3)).toBe(false);
    expect(shouldHide(3, 3)).toBe(true);
    expect(shouldHide(4, 3)).toBe(true);
  });
});
