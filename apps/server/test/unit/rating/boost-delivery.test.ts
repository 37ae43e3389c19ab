import { beforeAll, describe, expect, it } from 'vitest';
import {
  CategoryIndex,
  DEFAULT_RATING_PARAMS,
  boostDue,
  buyBoost,
  organicSigma2,
  pickPair,
  ratingParams,
  seededRng,
} from '../../../src/domain/rating/index.js';
import { runTwinArena, type TwinOutcome } from './twin-arena.js';

const params = DEFAULT_RATING_PARAMS;
const HOUR = 3_600_000;
const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe('boost delivery rules', () => {
  it('paces a run over the delivery window, a little ahead, catching up when behind', () => {
    const run = { boostBought: 48, boostStartedAt: 0, sigma2: 1, comparisons: 0 };
    // Lead: 1 + 48/20 = 3.4 exposures may go at once; the fourth waits for its time.
    expect(boostDue({ ...run, boostRemaining: 48 }, 0, params)).toBe(true);
    expect(boostDue({ ...run, boostRemaining: 45 }, 0, params)).toBe(true);
    expect(boostDue({ ...run, boostRemaining: 44 }, 0, params)).toBe(false);
    // 12 h in: 24 due, 27.4 with the lead.
    expect(boostDue({ ...run, boostRemaining: 21 }, 12 * HOUR, params)).toBe(true);
    expect(boostDue({ ...run, boostRemaining: 20 }, 12 * HOUR, params)).toBe(false);
    // Behind (a quiet night): due until it has caught up; everything due before the window ends.
    expect(boostDue({ ...run, boostRemaining: 40 }, 12 * HOUR, params)).toBe(true);
    expect(boostDue({ ...run, boostRemaining: 1 }, 23 * HOUR, params)).toBe(true);
    expect(boostDue({ ...run, boostRemaining: 0 }, 30 * HOUR, params)).toBe(false);
    // No schedule (a run from before pacing), no time, or the pace turned off: any owed is due.
    expect(boostDue({ ...run, boostStartedAt: null, boostRemaining: 2 }, 0, params)).toBe(true);
    expect(boostDue({ ...run, boostRemaining: 44 }, undefined, params)).toBe(true);
    const unpaced = ratingParams({ boostDeliveryMs: 0 });
    expect(boostDue({ ...run, boostRemaining: 44 }, 0, unpaced)).toBe(true);
  });

  it('starts a run on purchase and spreads a top-up at the new total rate, without a burst', () => {
    const first = buyBoost({ remaining: 0, bought: 30, startedAt: 5 }, 30, 10 * HOUR, params);
    expect(first).toEqual({ remaining: 30, bought: 30, startedAt: 10 * HOUR });
    // 12 of 30 delivered, then 70 more: 100 in all, 12 of them due at once (the start moves back).
    const topped = buyBoost({ remaining: 18, bought: 30, startedAt: 0 }, 70, 20 * HOUR, params);
    expect(topped.remaining).toBe(88);
    expect(topped.bought).toBe(100);
    const photo = { sigma2: 1, comparisons: 0, boostBought: topped.bought };
    const at = topped.startedAt ?? Number.NaN;
    expect(20 * HOUR - at).toBeCloseTo((12 / 100) * 24 * HOUR, -3);
    // Just after the top-up only the lead (6 exposures) may go ahead of the schedule.
    expect(boostDue({ ...photo, boostStartedAt: at, boostRemaining: 83 }, 20 * HOUR, params)).toBe(
      true,
    );
    expect(boostDue({ ...photo, boostStartedAt: at, boostRemaining: 81 }, 20 * HOUR, params)).toBe(
      false,
    );
    // A run bought before pacing (bought unknown) counts what it owed as its purchase.
    expect(buyBoost({ remaining: 7, bought: 0, startedAt: null }, 10, 0, params)).toMatchObject({
      remaining: 17,
      bought: 17,
    });
  });

  it('lets organic selection see a boosted photo without its boosted comparisons', () => {
    const photo = { sigma2: 1 / (1 + 60 * 0.2), comparisons: 60, boostRemaining: 0 };
    expect(organicSigma2(photo, params)).toBe(photo.sigma2);
    expect(organicSigma2({ ...photo, boostServed: 50 }, params)).toBeCloseTo(1 / (1 + 10 * 0.2));
    expect(organicSigma2({ ...photo, boostServed: 500 }, params)).toBe(params.priorVariance);
    // Placement: a photo whose comparisons are all boosted is still in its placement burst.
    const index = new CategoryIndex(params, [
      { ...photo, id: 'b', ownerId: 'x', mu: 0, boostServed: 55 },
      { ...photo, id: 'c', ownerId: 'y', mu: 0 },
    ]);
    expect(index.placementCount).toBe(1);
    expect(index.placementAt(0).id).toBe('b');
  });

  it('offers a boosted photo ahead of its schedule no boost pair', () => {
    const photos = Array.from({ length: 40 }, (_, i) => ({
      id: `p${i}`,
      ownerId: `o${i}`,
      mu: i / 10,
      sigma2: 0.1,
      comparisons: 40,
      boostRemaining: i === 0 ? 40 : 0,
      boostBought: i === 0 ? 50 : 0,
      boostStartedAt: i === 0 ? 0 : null,
    }));
    const index = new CategoryIndex(ratingParams({ boostShare: 1, goldShare: 0 }), photos);
    const kinds = (now: number) => {
      const rng = seededRng(3);
      return Array.from({ length: 50 }, () => pickPair(index, { now }, rng).pair?.kind);
    };
    // 10 of 50 delivered: ahead of schedule at the start, behind after 6 hours.
    expect(kinds(0)).not.toContain('boost');
    expect(kinds(6 * HOUR).every((kind) => kind === 'boost')).toBe(true);
  });
});

describe('a boost delivers what it sells (issue 18)', () => {
  // 100 photos, 120 honest voters; four photos of equal strength arrive after 6 votes per photo,
  // twice per category; one of each four buys 50 exposures on upload, the other three are its
  // twins. The category then serves 24 votes per photo within the 24-hour delivery window. The real
  // pairing, online updates and refits (bench/ranking's way). Delivery over the 20 seeds;
  // the rank comparison over 200, as one category's gap varies by about ±8 points and 20 seeds
  // (standard error 1.2) could neither show nor rule out a bias of one point.
  const SEEDS = 200;
  const DELIVERY_SEEDS = 20;
  let runs: TwinOutcome[] = [];
  let extra: number[] = [];
  let rankGap: number[] = [];
  beforeAll(() => {
    runs = Array.from({ length: SEEDS }, (_, k) =>
      runTwinArena({
        seed: k + 1,
        photos: 100,
        twins: 2,
        group: 4,
        voters: 120,
        warmUpPerPhoto: 6,
        votesPerPhoto: 24,
        bought: 50,
        refitEvery: 150,
        params,
      }),
    );
    extra = runs
      .slice(0, DELIVERY_SEEDS)
      .flatMap((run) => run.boosted.map((b, i) => b - (run.twin[i] as number)));
    rankGap = runs.flatMap((run) =>
      run.boostedPercentile.map((p, i) => p - (run.twinPercentile[i] as number)),
    );
  }, 300_000);

  it('spends every boost within the window, on top of the organic pairs of an equal twin', () => {
    expect(runs.flatMap((run) => run.owed)).toEqual(Array.from({ length: 2 * SEEDS }, () => 0));
    // Old code: 28.8 more on average, 22 at least; this code: 55.8, 51.3 at least.
    expect(mean(extra)).toBeGreaterThanOrEqual(50);
    // Not a few lucky photos: every boosted photo ends well ahead of its twins.
    expect(Math.min(...extra)).toBeGreaterThanOrEqual(40);
  });

  // Its standard error over these 400 groups is about 0.4 points.
  it('leaves the boosted photo ranked where its twin is (within one percentile point)', () => {
    expect(Math.abs(mean(rankGap))).toBeLessThanOrEqual(1);
  });
});
