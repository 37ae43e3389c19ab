import { describe, expect, it } from 'vitest';
import {
  CategoryIndex,
  DEFAULT_RATING_PARAMS,
  pickPairWith,
  seededRng,
  type IndexedPhoto,
} from '../../../src/domain/rating/index.js';

function photo(id: number, mu: number, owner = `o${id}`): IndexedPhoto {
  return { id: `p${id}`, ownerId: owner, mu, sigma2: 0.05, comparisons: 40, boostRemaining: 0 };
}

describe('pickPairWith ("来比一比")', () => {
  const index = new CategoryIndex(
    DEFAULT_RATING_PARAMS,
    Array.from({ length: 300 }, (_, i) => photo(i, (i - 150) / 50)),
  );

  it('puts the invited photo on one side, at random, against a close opponent', () => {
    const rng = seededRng(5);
    let left = 0;
    for (let draw = 0; draw < 400; draw += 1) {
      const pair = pickPairWith(index, 'p40', {}, rng);
      expect(pair?.kind).toBe('invited');
      const ids = [pair?.left.id, pair?.right.id];
      expect(ids).toContain('p40');
      const other = pair?.left.id === 'p40' ? pair.right : pair?.left;
      // The normal opponent rule: near the photo in μ order (the window starts small).
      expect(Math.abs((other?.mu ?? 99) - (index.get('p40')?.mu ?? -99))).toBeLessThan(1);
      if (pair?.left.id === 'p40') left += 1;
      expect(pair?.boostedPhotoId).toBeNull();
      expect(pair?.goldExpectedWinnerId).toBeNull();
    }
    expect(left / 400).toBeGreaterThan(0.4);
    expect(left / 400).toBeLessThan(0.6);
  });

  it('is null for an unknown photo and for the voter’s own', () => {
    expect(pickPairWith(index, 'p9999', {}, seededRng(1))).toBeNull();
    expect(pickPairWith(index, 'p12', { userId: 'o12' }, seededRng(1))).toBeNull();
  });

  it('never pairs it with a photo of its owner or one the voter judged with it', () => {
    const small = new CategoryIndex(DEFAULT_RATING_PARAMS, [
      photo(1, 0, 'a'),
      photo(2, 0.1, 'a'),
      photo(3, -2, 'b'),
      photo(4, 3, 'c'),
    ]);
    const judged = (a: string, b: string) => [a, b].sort().join() === 'p1,p4';
    for (let seed = 0; seed < 50; seed += 1) {
      const pair = pickPairWith(small, 'p1', { hasJudged: judged }, seededRng(seed));
      expect(pair === null ? null : [pair.left.id, pair.right.id].sort()).toEqual(['p1', 'p3']);
    }
    const none = (a: string, b: string) => a !== b;
    expect(pickPairWith(small, 'p1', { hasJudged: none }, seededRng(3))).toBeNull();
  });
});
