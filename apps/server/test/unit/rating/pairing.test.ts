import { describe, expect, it } from 'vitest';
import {
  CategoryIndex,
  DEFAULT_RATING_PARAMS,
  pairKey,
  pickPair,
  ratingParams,
  seededRng,
  winProbability,
  type IndexedPhoto,
  type PairKind,
  type PairingVoter,
} from '../../../src/domain/rating/index.js';
import { gaussian } from './helpers.js';

function photos(
  count: number,
  seed: number,
  overrides: Partial<IndexedPhoto> = {},
): IndexedPhoto[] {
  const rng = seededRng(seed);
  return Array.from({ length: count }, (_, i) => ({
    id: `p${i}`,
    ownerId: `o${i % Math.max(1, Math.floor(count / 2))}`,
    mu: 1.5 * gaussian(rng),
    sigma2: 0.02 + 0.2 * rng(),
    comparisons: 40,
    boostRemaining: 0,
    ...overrides,
  }));
}

function draw(index: CategoryIndex, voter: PairingVoter, times: number, seed: number) {
  const rng = seededRng(seed);
  return Array.from({ length: times }, () => pickPair(index, voter, rng));
}

describe('CategoryIndex', () => {
  it('keeps photos sorted by μ under insert, update and remove, with O(1) random access', () => {
    const list = photos(500, 1);
    const index = new CategoryIndex(DEFAULT_RATING_PARAMS, list);
    const rng = seededRng(2);
    const live = new Map(list.map((p) => [p.id, p]));
    for (let k = 0; k < 2000; k++) {
      const id = `p${Math.floor(rng() * 600)}`;
      const action = rng();
      if (action < 0.2) {
        expect(index.remove(id)).toBe(live.delete(id));
      } else if (action < 0.4 && !live.has(id)) {
        const photo = {
          id,
          ownerId: `o${k % 7}`,
          mu: gaussian(rng),
          sigma2: 1,
          comparisons: 0,
          boostRemaining: 0,
        };
        index.upsert(photo);
        live.set(id, photo);
      } else if (live.has(id)) {
        const next = index.update(id, { mu: gaussian(rng), comparisons: Math.floor(rng() * 20) });
        live.set(id, next as IndexedPhoto);
      }
    }
    expect(index.size).toBe(live.size);
    const sorted = [...live.values()].sort((a, b) => a.mu - b.mu);
    const ascending = [...index.ascending()];
    expect(ascending.map((p) => p.mu)).toEqual(sorted.map((p) => p.mu));
    for (let r = 0; r < index.size; r += 37) {
      const photo = index.byRank(r);
      expect(photo.mu).toBe(sorted[r]?.mu);
      expect(index.rankOf(photo.id)).toBe(r);
      expect(index.countBelow(photo.mu)).toBe(sorted.filter((p) => p.mu < photo.mu).length);
      expect(index.countAtMost(photo.mu)).toBe(sorted.filter((p) => p.mu <= photo.mu).length);
    }
    const slots = new Set(Array.from({ length: index.size }, (_, i) => index.at(i).id));
    expect(slots).toEqual(new Set(live.keys()));
    expect(index.rankOf('nope')).toBe(-1);
    expect(index.update('nope', { mu: 1 })).toBeUndefined();
    // Placement-burst and boosted sets follow the entries.
    const placement = new Set(
      Array.from({ length: index.placementCount }, (_, i) => index.placementAt(i).id),
    );
    expect(placement).toEqual(
      new Set([...live.values()].filter((p) => p.comparisons < 12).map((p) => p.id)),
    );
    const owners = new Map<string, number>();
    for (const p of live.values()) owners.set(p.ownerId, (owners.get(p.ownerId) ?? 0) + 1);
    for (const [owner, count] of owners) expect(index.ownerCount(owner)).toBe(count);
  });

  it('orders equal μ by arrival and keeps every rank right through thousands of moves', () => {
    // μ from five values: most moves land among equals, where only the arrival order decides.
    const index = new CategoryIndex(DEFAULT_RATING_PARAMS);
    const rng = seededRng(7);
    const mus = [-1, -0.5, 0, 0.5, 1];
    const live = new Map<string, { mu: number; seq: number }>();
    let arrivals = 0;
    for (let k = 0; k < 6000; k++) {
      const id = `p${Math.floor(rng() * 400)}`;
      const mu = mus[Math.floor(rng() * mus.length)] as number;
      const action = rng();
      if (action < 0.15) {
        expect(index.remove(id)).toBe(live.delete(id));
      } else if (!live.has(id)) {
        index.upsert({ id, ownerId: 'o', mu, sigma2: 1, comparisons: 0, boostRemaining: 0 });
        live.set(id, { mu, seq: arrivals++ });
      } else {
        index.update(id, { mu });
        live.set(id, { mu, seq: live.get(id)?.seq ?? -1 });
      }
      if (k % 500 === 499) {
        const order = [...live.entries()]
          .sort(([, a], [, b]) => a.mu - b.mu || a.seq - b.seq)
          .map(([photoId]) => photoId);
        expect([...index.ascending()].map((photo) => photo.id)).toEqual(order);
        order.forEach((photoId, rank) => {
          expect(index.byRank(rank).id).toBe(photoId);
          expect(index.rankOf(photoId)).toBe(rank);
        });
        for (const value of mus) {
          expect(index.countBelow(value)).toBe(
            order.filter((i) => (live.get(i)?.mu ?? 0) < value).length,
          );
        }
      }
    }
    expect(index.size).toBe(live.size);
  });

  it('applies votes, boosts and refits', () => {
    const index = new CategoryIndex(DEFAULT_RATING_PARAMS, [
      { id: 'a', ownerId: 'x', mu: 0, sigma2: 1, comparisons: 0, boostRemaining: 2 },
      { id: 'b', ownerId: 'y', mu: 0, sigma2: 1, comparisons: 0, boostRemaining: 0 },
    ]);
    expect(index.boostedCount).toBe(1);
    index.applyVote('a', 'b', 1);
    expect(index.get('a')?.mu).toBeGreaterThan(0);
    expect(index.get('a')?.comparisons).toBe(1);
    expect(index.byRank(1).id).toBe('a');
    index.applyVote('b', 'a', 0);
    expect(index.get('b')?.comparisons).toBe(1); // a weight-0 vote is not counted
    index.consumeBoost('a');
    index.consumeBoost('a');
    index.consumeBoost('a');
    expect(index.get('a')?.boostRemaining).toBe(0);
    expect(index.boostedCount).toBe(0);
    index.applyRefit(['b', 'a', 'gone'], [2, -1, 0], [0.1, 0.2, 0.3]);
    expect(index.byRank(0).id).toBe('a');
    expect(index.get('b')?.sigma2).toBe(0.1);
    expect(() => {
      index.upsert({
        id: 'c',
        ownerId: 'z',
        mu: Number.NaN,
        sigma2: 1,
        comparisons: 0,
        boostRemaining: 0,
      });
    }).toThrow();
  });
});

describe('pairing (pickPair)', () => {
  const index = new CategoryIndex(DEFAULT_RATING_PARAMS, photos(400, 3));

  it('never shows the voter their own photo, and always two different owners', () => {
    const voter = { userId: 'o7' };
    for (const { pair } of draw(index, voter, 3000, 4)) {
      expect(pair).not.toBeNull();
      if (pair === null) continue;
      expect(pair.left.ownerId).not.toBe('o7');
      expect(pair.right.ownerId).not.toBe('o7');
      expect(pair.left.ownerId).not.toBe(pair.right.ownerId);
      expect(pair.left.id).not.toBe(pair.right.id);
    }
  });

  it('never repeats a pair the voter already judged, through the predicate or the key set', () => {
    const judged = new Set<string>();
    const rng = seededRng(5);
    const viaSet: PairingVoter = { judgedPairs: judged };
    for (let k = 0; k < 3000; k++) {
      const { pair } = pickPair(index, viaSet, rng);
      if (pair === null) throw new Error('no pair');
      const key = pairKey(pair.left.id, pair.right.id);
      expect(judged.has(key)).toBe(false);
      judged.add(key);
    }
    const small = new CategoryIndex(
      DEFAULT_RATING_PARAMS,
      photos(6, 6).map((p, i) => ({ ...p, ownerId: `own${i}` })),
    );
    const all = new Set<string>();
    for (let i = 0; i < 6; i++) for (let j = i + 1; j < 6; j++) all.add(pairKey(`p${i}`, `p${j}`));
    all.delete(pairKey('p2', 'p4'));
    const predicate: PairingVoter = { hasJudged: (a, b) => all.has(pairKey(a, b)) };
    for (const { pair } of draw(small, predicate, 50, 7)) {
      expect(pair).not.toBeNull();
      expect(pairKey(pair?.left.id ?? '', pair?.right.id ?? '')).toBe(pairKey('p2', 'p4'));
    }
    all.add(pairKey('p2', 'p4'));
    expect(pickPair(small, predicate, seededRng(8))).toEqual({
      pair: null,
      reason: 'no_eligible_pair',
    });
  });

  it("avoids the owners of the voter's last pairs when it can", () => {
    const recentOwners = ['o1', 'o2', 'o3', 'o4'];
    for (const { pair } of draw(index, { recentOwners }, 1000, 9)) {
      expect(recentOwners).not.toContain(pair?.left.ownerId);
      expect(recentOwners).not.toContain(pair?.right.ownerId);
    }
    // With only recent owners left, it still serves a pair.
    const tiny = new CategoryIndex(
      DEFAULT_RATING_PARAMS,
      photos(4, 10).map((p, i) => ({ ...p, ownerId: `o${i + 1}` })),
    );
    expect(pickPair(tiny, { recentOwners }, seededRng(11)).pair).not.toBeNull();
  });

  it('returns null with a reason when fewer than two eligible photos exist', () => {
    expect(pickPair(new CategoryIndex(), {}, seededRng(1))).toEqual({
      pair: null,
      reason: 'too_few_photos',
    });
    const three = new CategoryIndex(DEFAULT_RATING_PARAMS, [
      { id: 'a', ownerId: 'me', mu: 0, sigma2: 1, comparisons: 0, boostRemaining: 0 },
      { id: 'b', ownerId: 'me', mu: 0, sigma2: 1, comparisons: 0, boostRemaining: 0 },
      { id: 'c', ownerId: 'you', mu: 0, sigma2: 1, comparisons: 0, boostRemaining: 0 },
    ]);
    expect(pickPair(three, { userId: 'me' }, seededRng(1))).toEqual({
      pair: null,
      reason: 'too_few_photos',
    });
    // Two photos of one owner can never be paired.
    const sameOwner = new CategoryIndex(DEFAULT_RATING_PARAMS, [
      { id: 'a', ownerId: 'x', mu: 0, sigma2: 1, comparisons: 0, boostRemaining: 0 },
      { id: 'b', ownerId: 'x', mu: 1, sigma2: 1, comparisons: 0, boostRemaining: 0 },
    ]);
    expect(pickPair(sameOwner, {}, seededRng(1))).toEqual({
      pair: null,
      reason: 'no_eligible_pair',
    });
    expect(pickPair(three, { userId: 'nobody' }, seededRng(1)).pair).not.toBeNull();
  });

  it('puts the left/right sides at random', () => {
    let higherLeft = 0;
    const results = draw(index, {}, 4000, 12);
    for (const { pair } of results) if (pair !== null && pair.left.mu > pair.right.mu) higherLeft++;
    expect(higherLeft / results.length).toBeGreaterThan(0.46);
    expect(higherLeft / results.length).toBeLessThan(0.54);
  });

  it('serves each kind at about its share; information pairs are close in μ', () => {
    const counts: Record<PairKind, number> = {
      info: 0,
      random: 0,
      gold: 0,
      placement: 0,
      boost: 0,
      invited: 0,
    };
    const gaps: Record<PairKind, number[]> = {
      info: [],
      random: [],
      gold: [],
      placement: [],
      boost: [],
      invited: [],
    };
    const results = draw(index, {}, 6000, 13);
    for (const { pair } of results) {
      if (pair === null) continue;
      counts[pair.kind]++;
      gaps[pair.kind].push(Math.abs(index.rankOf(pair.left.id) - index.rankOf(pair.right.id)));
    }
    const share = (k: PairKind) => counts[k] / results.length;
    // No placement-burst or boosted photos here: those shares go to information pairs.
    expect(share('placement')).toBe(0);
    expect(share('boost')).toBe(0);
    expect(share('random')).toBeGreaterThan(0.12);
    expect(share('random')).toBeLessThan(0.18);
    expect(share('gold')).toBeGreaterThan(0.03);
    expect(share('gold')).toBeLessThan(0.07);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(gaps.info)).toBeLessThan(20);
    expect(mean(gaps.random)).toBeGreaterThan(100);
  });

  it('draws gold pairs between established photos with a large gap', () => {
    let gold = 0;
    for (const { pair } of draw(index, {}, 4000, 14)) {
      if (pair?.kind !== 'gold') continue;
      gold++;
      const p = winProbability(pair.left.mu, pair.left.sigma2, pair.right.mu, pair.right.sigma2);
      expect(Math.max(p, 1 - p)).toBeGreaterThanOrEqual(0.9);
      expect(pair.left.comparisons).toBeGreaterThanOrEqual(12);
      expect(pair.right.comparisons).toBeGreaterThanOrEqual(12);
      const expected = pair.left.mu > pair.right.mu ? pair.left.id : pair.right.id;
      expect(pair.goldExpectedWinnerId).toBe(expected);
    }
    expect(gold).toBeGreaterThan(100);
    // Without established photos, no gold pairs.
    const young = new CategoryIndex(DEFAULT_RATING_PARAMS, photos(100, 15, { comparisons: 3 }));
    expect(draw(young, {}, 1000, 16).some(({ pair }) => pair?.kind === 'gold')).toBe(false);
  });

  it('gives new photos a guaranteed placement burst', () => {
    const withNew = new CategoryIndex(DEFAULT_RATING_PARAMS, photos(300, 17));
    withNew.upsert({
      id: 'new1',
      ownerId: 'n1',
      mu: 0,
      sigma2: 1,
      comparisons: 0,
      boostRemaining: 0,
    });
    withNew.upsert({
      id: 'new2',
      ownerId: 'n2',
      mu: 0,
      sigma2: 1,
      comparisons: 5,
      boostRemaining: 0,
    });
    const rng = seededRng(18);
    let served = 0;
    let containing = 0;
    while ((withNew.get('new1')?.comparisons ?? 0) < 12 && served < 200) {
      const { pair } = pickPair(withNew, {}, rng);
      if (pair === null) throw new Error('no pair');
      served++;
      const ids = [pair.left.id, pair.right.id];
      if (pair.kind === 'placement') {
        expect(ids.some((id) => id === 'new1' || id === 'new2')).toBe(true);
      }
      if (ids.includes('new1') || ids.includes('new2')) containing++;
      const [w, l] = rng() < 0.5 ? ids : [...ids].reverse();
      withNew.applyVote(w as string, l as string, 1);
    }
    // Twelve comparisons for the newest photo within a few dozen pairs of a 300-photo category.
    expect(served).toBeLessThan(60);
    expect(containing / served).toBeGreaterThan(0.4);
    expect(withNew.placementCount).toBe(0);
  });

  it('shows boosted photos more often but within the boost share, with ordinary opponents', () => {
    const list = photos(400, 19).map((p, i) => ({ ...p, boostRemaining: i % 10 === 0 ? 1000 : 0 }));
    const boosted = new CategoryIndex(DEFAULT_RATING_PARAMS, list);
    const results = draw(boosted, {}, 6000, 20);
    let boostKind = 0;
    let boostedAppearances = 0;
    const gaps: number[] = [];
    for (const { pair } of results) {
      if (pair === null) continue;
      if (pair.kind === 'boost') {
        boostKind++;
        expect(pair.boostedPhotoId).not.toBeNull();
        expect(boosted.get(pair.boostedPhotoId ?? '')?.boostRemaining).toBeGreaterThan(0);
        expect([pair.left.id, pair.right.id]).toContain(pair.boostedPhotoId);
        gaps.push(Math.abs(boosted.rankOf(pair.left.id) - boosted.rankOf(pair.right.id)));
      } else {
        expect(pair.boostedPhotoId).toBeNull();
      }
      for (const p of [pair.left, pair.right]) if (p.boostRemaining > 0) boostedAppearances++;
    }
    expect(boostKind / results.length).toBeLessThanOrEqual(
      DEFAULT_RATING_PARAMS.boostShare + 0.015,
    );
    expect(boostKind / results.length).toBeGreaterThan(DEFAULT_RATING_PARAMS.boostShare - 0.03);
    // 10% of photos, about 0.2 + 2·0.1·0.8 of the appearances: more than their natural 10%.
    expect(boostedAppearances / (2 * results.length)).toBeGreaterThan(0.15);
    expect(boostedAppearances / (2 * results.length)).toBeLessThan(0.25);
    // Their opponents come from the same neighbourhood search as information pairs.
    expect(gaps.reduce((s, g) => s + g, 0) / gaps.length).toBeLessThan(20);
    // A voter at their own boost cap sees no boost pairs; a zero share turns boosts off.
    expect(
      draw(boosted, { allowBoost: false }, 500, 21).some(({ pair }) => pair?.kind === 'boost'),
    ).toBe(false);
    const off = new CategoryIndex(ratingParams({ boostShare: 0 }), list);
    expect(draw(off, {}, 500, 22).some(({ pair }) => pair?.kind === 'boost')).toBe(false);
  });

  it('is deterministic for a given random source', () => {
    const a = draw(index, { userId: 'o3' }, 200, 23).map(
      ({ pair }) => `${pair?.left.id}-${pair?.right.id}-${pair?.kind}`,
    );
    const b = draw(index, { userId: 'o3' }, 200, 23).map(
      ({ pair }) => `${pair?.left.id}-${pair?.right.id}-${pair?.kind}`,
    );
    expect(a).toEqual(b);
  });
});
