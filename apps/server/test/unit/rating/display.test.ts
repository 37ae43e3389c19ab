import { describe, expect, it } from 'vitest';
import {
  PROVISIONAL_SIGMA2,
  chooseReferenceSet,
  displayScore,
  displayScores,
  isProvisional,
  priorState,
  probitScale,
  provisionalThreshold,
  ratingParams,
  referenceMus,
  seededRng,
  updateOnline,
  type ReferenceCandidate,
} from '../../../src/domain/rating/index.js';
import { gaussian } from './helpers.js';

const rng = seededRng(5);
const established = (count: number, prefix = 'e'): ReferenceCandidate[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${i}`,
    mu: 1.5 * gaussian(rng),
    sigma2: 0.05,
  }));

describe('display score', () => {
  const refs = Float64Array.from([-2, -1, -0.5, 0, 0.5, 1, 2]);

  it('shows 5.50 for a photo at the centre of the reference set, and at the prior mean', () => {
    expect(displayScore(0, refs)).toBe(550);
    expect(displayScore(0, [])).toBe(550);
    expect(displayScore(Number.NaN, refs)).toBe(550);
  });

  it('measures against the prior where the set has vacancies', () => {
    const prior = (mu: number) => 1 / (1 + Math.exp(-mu * probitScale(1)));
    // No member: every place is the prior's.
    expect(displayScore(1.234, [])).toBe(100 + Math.round(900 * prior(1.234)));
    // Seven members, 57 vacancies.
    const mu = 0.7;
    const members = Array.from(refs).reduce((s, r) => s + 1 / (1 + Math.exp(r - mu)), 0);
    expect(displayScore(mu, refs)).toBe(100 + Math.round((900 * (members + 57 * prior(mu))) / 64));
  });

  it('is monotone in μ and stays within 100..1000', () => {
    let previous = 0;
    for (let mu = -40; mu <= 40; mu += 0.01) {
      const score = displayScore(mu, refs);
      expect(Number.isInteger(score)).toBe(true);
      expect(score).toBeGreaterThanOrEqual(previous);
      expect(score).toBeGreaterThanOrEqual(100);
      expect(score).toBeLessThanOrEqual(1000);
      previous = score;
    }
    expect(displayScore(-40, refs)).toBe(100);
    expect(displayScore(40, refs)).toBe(1000);
    expect(displayScore(1, refs)).toBeGreaterThan(displayScore(0.5, refs));
  });

  it('is 100 + round(900 · mean win rate) and, with a full set, unchanged when every μ shifts', () => {
    const full = Float64Array.from({ length: 64 }, (_, k) => -3 + (6 * k) / 63);
    const mu = 0.7;
    const rate = Array.from(full).reduce((s, r) => s + 1 / (1 + Math.exp(r - mu)), 0) / 64;
    expect(displayScore(mu, full)).toBe(100 + Math.round(900 * rate));
    expect(
      displayScore(
        mu + 3,
        full.map((r) => r + 3),
      ),
    ).toBe(displayScore(mu, full));
  });

  it('moves no score by more than a 64th of a win when a member joins a young set', () => {
    // A category whose established photos arrive one by one: each joins the set as chooseReferenceSet
    // picks it. Measured against its few members alone, the first one moved every score by up to
    // 4.35 points (a member at the bottom quantile); a member replacing a vacancy moves a score by
    // 900 · (its win rate − the prior's) / 64 at most.
    const pool = established(300, 'y');
    const order: string[] = [];
    for (let k = 1; k <= 64; k++) {
      order.splice(
        0,
        order.length,
        ...chooseReferenceSet(pool, order, ratingParams({ referenceSetSize: k })),
      );
    }
    expect(order).toHaveLength(64);
    const muOf = new Map(pool.map((c) => [c.id, c.mu]));
    let largest = 0;
    for (let k = 0; k < 64; k++) {
      const before = order.slice(0, k).map((id) => muOf.get(id) as number);
      const after = order.slice(0, k + 1).map((id) => muOf.get(id) as number);
      for (let mu = -4; mu <= 4; mu += 0.25) {
        largest = Math.max(largest, Math.abs(displayScore(mu, after) - displayScore(mu, before)));
      }
    }
    expect(largest).toBeLessThanOrEqual(Math.ceil(900 / 64));
    expect(largest).toBeGreaterThan(0);
  });

  it('scores many photos at once, with reference μs looked up once', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const mu = [0.5, -1, 2, 0];
    const refMus = referenceMus(['d', 'missing', 'b'], ids, mu);
    expect(Array.from(refMus)).toEqual([0, -1]);
    expect(Array.from(displayScores(mu, refMus))).toEqual(mu.map((m) => displayScore(m, refMus)));
  });
});

describe('reference set', () => {
  it('takes up to 64 established photos spread over the quantiles, never provisional ones', () => {
    const candidates = [
      ...established(300),
      ...Array.from({ length: 50 }, (_, i) => ({ id: `new${i}`, mu: 0, sigma2: 1 })),
    ];
    const set = chooseReferenceSet(candidates);
    expect(set).toHaveLength(64);
    expect(new Set(set).size).toBe(64);
    expect(set.some((id) => id.startsWith('new'))).toBe(false);
    const sorted = candidates.filter((c) => c.id.startsWith('e')).sort((a, b) => a.mu - b.mu);
    const rank = new Map(sorted.map((c, i) => [c.id, i]));
    const ranks = set.map((id) => rank.get(id) as number).sort((a, b) => a - b);
    // Spread: every tenth of the distribution holds about a tenth of the set.
    for (let decile = 0; decile < 10; decile++) {
      const inside = ranks.filter((r) => Math.floor((r * 10) / 300) === decile).length;
      expect(inside).toBeGreaterThanOrEqual(5);
      expect(inside).toBeLessThanOrEqual(8);
    }
    // A category centred at 0 puts a new photo at about 5.50.
    const mus = set.map((id) => candidates.find((c) => c.id === id)?.mu as number);
    expect(Math.abs(displayScore(0, mus) - 550)).toBeLessThanOrEqual(30);
  });

  it('stays the same while its members exist, whatever their μ does', () => {
    const candidates = established(200);
    const set = chooseReferenceSet(candidates);
    const moved = candidates.map((c) => ({ ...c, mu: c.mu * 0.5 + 1 }));
    expect(chooseReferenceSet(moved, set)).toEqual(set);
    expect(chooseReferenceSet([...moved, ...established(100, 'x')], set)).toEqual(set);
  });

  it('replaces only the members that disappeared', () => {
    const candidates = established(200);
    const set = chooseReferenceSet(candidates);
    const gone = new Set(set.slice(0, 3));
    const next = chooseReferenceSet(
      candidates.filter((c) => !gone.has(c.id)),
      set,
    );
    expect(next).toHaveLength(64);
    expect(next.slice(0, 61)).toEqual(set.slice(3));
    for (const id of next) expect(gone.has(id)).toBe(false);
  });

  it('grows with a young category and is empty without established photos', () => {
    expect(chooseReferenceSet([{ id: 'a', mu: 0, sigma2: 1 }])).toEqual([]);
    const few = established(10);
    expect(chooseReferenceSet(few)).toHaveLength(10);
    const more = chooseReferenceSet([...few, ...established(100, 'y')], chooseReferenceSet(few));
    expect(more).toHaveLength(64);
    expect(more.slice(0, 10)).toEqual(chooseReferenceSet(few));
    expect(
      chooseReferenceSet(established(100), [], ratingParams({ referenceSetSize: 8 })),
    ).toHaveLength(8);
  });
});

describe('provisional status', () => {
  it('has the documented threshold', () => {
    expect(provisionalThreshold()).toBeCloseTo(1 / (1 + 30 * 0.18), 12);
    expect(PROVISIONAL_SIGMA2).toBe(provisionalThreshold());
    expect(isProvisional(priorState().sigma2)).toBe(true);
    expect(isProvisional(PROVISIONAL_SIGMA2 * 0.99)).toBe(false);
  });

  it('ends after roughly 30 comparisons against typical opponents', () => {
    // Typical opponents: established (σ² = 0.05), spread around the photo (gaps of ±1).
    let photo = priorState();
    let comparisons = 0;
    while (isProvisional(photo.sigma2) && comparisons < 100) {
      const opponent = { mu: photo.mu + (comparisons % 2 === 0 ? 1 : -1), sigma2: 0.05 };
      photo =
        comparisons % 3 === 0
          ? updateOnline(opponent, photo, 0.93).loser
          : updateOnline(photo, opponent, 0.93).winner;
      comparisons++;
    }
    expect(comparisons).toBeGreaterThanOrEqual(22);
    expect(comparisons).toBeLessThanOrEqual(40);
  });
});
