import { describe, expect, it } from 'vitest';
import {
  priorState,
  ratingParams,
  replayNewerVotes,
  seededRng,
  updateOnline,
} from '../../../src/domain/rating/index.js';
import { computeRefit, type RefitJob, type RefitOutcome } from '../../../src/workers/refit-job.js';
import { gaussian } from './helpers.js';

/**
 * Issue 18: a refit is a function of the votes (and of the category's reference set), not of
 * the refits before it. The job carries what an earlier refit left (its μ and voter weights,
 * which refits once started from) exactly as the server had it, so a refit that still read
 * them would fail here.
 */
const N = 60;
const VOTERS = 40;
const params = ratingParams();

/** Votes on random and near pairs; every fourth voter inverted, every eighth at random. */
function votes(count: number, seed: number) {
  const rng = seededRng(seed);
  const theta = Array.from({ length: N }, () => 1.3 * gaussian(rng));
  const winner = new Int32Array(count);
  const loser = new Int32Array(count);
  const voter = new Int32Array(count);
  for (let e = 0; e < count; e++) {
    const a = Math.floor(rng() * N);
    const b = (a + 1 + Math.floor(rng() * (rng() < 0.6 ? 5 : N - 1))) % N;
    const v = Math.floor(rng() * VOTERS);
    let aWins = rng() < 1 / (1 + Math.exp((theta[b] as number) - (theta[a] as number)));
    if (v % 4 === 3) aWins = v % 8 === 3 ? rng() < 0.5 : !aWins;
    winner[e] = aWins ? a : b;
    loser[e] = aWins ? b : a;
    voter[e] = v;
  }
  return { winner, loser, voter };
}

/** The job of a refit over the first `count` votes, after the refit `previous` (if any). */
function job(all: ReturnType<typeof votes>, count: number, previous: RefitOutcome | null) {
  const job: RefitJob & { mu: Float64Array; voterWeight: Float64Array } = {
    photoIds: Float64Array.from({ length: N }, (_, i) => 101 + i),
    active: new Uint8Array(N).fill(1),
    publishedAt: new Float64Array(N),
    comparisons: new Int32Array(N).fill(40),
    votes: {
      winner: all.winner.slice(0, count),
      loser: all.loser.slice(0, count),
      voter: all.voter.slice(0, count),
      weight: new Float32Array(count).fill(1),
      voterCount: VOTERS,
    },
    voteNet: Int32Array.from(all.voter.slice(0, count), (v) => -1 - v),
    gold: [{ voter: 0, passed: 3, failed: 0 }],
    // Stored in no particular order (the repository's select has none).
    references: [...(previous?.referenceIds ?? [])].reverse(),
    mu: previous ? Float64Array.from(previous.mu) : new Float64Array(N),
    voterWeight: previous
      ? Float64Array.from(previous.voterWeight)
      : new Float64Array(VOTERS).fill(Number.NaN),
    params,
    now: Date.UTC(2026, 10, 25),
    timeZone: 'Asia/Shanghai',
  };
  return job;
}

function expectSame(a: RefitOutcome, b: RefitOutcome) {
  expect(Array.from(a.mu)).toEqual(Array.from(b.mu));
  expect(Array.from(a.sigma2)).toEqual(Array.from(b.sigma2));
  expect(Array.from(a.score)).toEqual(Array.from(b.score));
  expect(Array.from(a.provisional)).toEqual(Array.from(b.provisional));
  expect(Array.from(a.rankAll)).toEqual(Array.from(b.rankAll));
  expect(a.referenceIds).toEqual(b.referenceIds);
  expect(Array.from(a.voterWeight)).toEqual(Array.from(b.voterWeight));
}

describe('a refit is a function of the votes', () => {
  const all = votes(1500, 7);

  it('gives the same scores whether it ran after every 50 votes or once at the end', () => {
    let previous: RefitOutcome | null = null;
    let beforeLast: RefitOutcome | null = null;
    for (let count = 50; count <= all.winner.length; count += 50) {
      beforeLast = previous;
      previous = computeRefit(job(all, count, previous));
    }
    if (previous === null || beforeLast === null) throw new Error('no refit');
    // Once at the end, after a refit that chose the same reference set (the set is the only
    // state a refit keeps, and it is kept on purpose: ADR 0007).
    const chosen = computeRefit(job(all, 1000, null));
    const once = computeRefit({
      ...job(all, all.winner.length, chosen),
      references: beforeLast.referenceIds,
    });
    expect(previous.converged).toBe(true);
    expect(previous.referenceIds.length).toBeGreaterThan(0);
    expectSame(previous, once);
  });

  it('changes nothing when it runs again with no new vote', () => {
    const first = computeRefit(job(all, all.winner.length, computeRefit(job(all, 1200, null))));
    const second = computeRefit(job(all, all.winner.length, first));
    const third = computeRefit(job(all, all.winner.length, second));
    expectSame(first, second);
    expectSame(second, third);
  });
});

describe('replaying the votes cast during a fit (replayNewerVotes)', () => {
  const fitted = new Map([
    [1, { mu: 0.4, sigma2: 0.05 }],
    [2, { mu: -0.2, sigma2: 0.08 }],
  ]);

  it('applies each vote on the states its photos reached, oldest first', () => {
    const states = replayNewerVotes(
      (id) => fitted.get(id),
      [
        { winner: 2, loser: 1, weight: 0.9 },
        { winner: 2, loser: 1, weight: 0.5 },
      ],
      params,
    );
    const once = updateOnline({ mu: -0.2, sigma2: 0.08 }, { mu: 0.4, sigma2: 0.05 }, 0.9, params);
    const twice = updateOnline(once.winner, once.loser, 0.5, params);
    expect(states.get(2)).toEqual(twice.winner);
    expect(states.get(1)).toEqual(twice.loser);
  });

  it('starts a photo the fit did not see from the prior, and leaves unvoted photos out', () => {
    const states = replayNewerVotes((id) => fitted.get(id), [{ winner: 9, loser: 1, weight: 1 }]);
    const expected = updateOnline(priorState(params), { mu: 0.4, sigma2: 0.05 }, 1, params);
    expect(states.get(9)).toEqual(expected.winner);
    expect(states.get(1)).toEqual(expected.loser);
    expect(states.has(2)).toBe(false);
  });
});
