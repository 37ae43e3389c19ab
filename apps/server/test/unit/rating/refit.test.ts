import { describe, expect, it } from 'vitest';
import {
  priorVoterWeight,
  ratingParams,
  refitCategory,
  seededRng,
  sigmoid,
  type VoteRecord,
} from '../../../src/domain/rating/index.js';
import { gaussian, kendallTau, shuffled, simulateVotes, type SimVoterKind } from './helpers.js';

const N = 150;
const rng = seededRng(11);
const theta = Array.from({ length: N }, () => 1.5 * gaussian(rng));
const ids = theta.map((_, i) => `p${i}`);
const honest: Record<string, SimVoterKind> = Object.fromEntries(
  Array.from({ length: 40 }, (_, v) => [`v${v}`, 'honest' as const]),
);

describe('batch refit (refitCategory)', () => {
  it('recovers known strengths from simulated votes', () => {
    const votes = simulateVotes(theta, 60 * N, honest, 1);
    const result = refitCategory({ photoIds: ids, votes });
    expect(result.convergence.converged).toBe(true);
    expect(result.convergence.gradientMax).toBeLessThan(1e-6);
    expect(kendallTau(theta, result.mu)).toBeGreaterThan(0.85);
    // Scale is right too (shrinkage is mild with 120 comparisons per photo).
    const slope =
      theta.reduce((s, t, i) => s + t * (result.mu[i] as number), 0) /
      theta.reduce((s, t) => s + t * t, 0);
    expect(slope).toBeGreaterThan(0.8);
    expect(slope).toBeLessThan(1.1);
    // Honest voters keep a high weight; σ² shrinks with information.
    for (const w of result.voters.weight) expect(w).toBeGreaterThan(0.7);
    const sorted = Array.from(result.sigma2).sort((x, y) => x - y);
    expect(sorted[Math.floor(N / 2)]).toBeLessThan(0.1);
    expect(sorted[N - 1]).toBeLessThan(0.2);
  });

  it('does not depend on the order of the votes', () => {
    const votes = simulateVotes(theta, 20 * N, { ...honest, bad: 'inverted', side: 'left' }, 2);
    const a = refitCategory({ photoIds: ids, votes });
    const b = refitCategory({ photoIds: ids, votes: shuffled(votes, 3) });
    const c = refitCategory({ photoIds: ids, votes: [...votes].reverse() });
    for (const other of [b, c]) {
      for (let i = 0; i < N; i++) {
        expect(Math.abs((other.mu[i] as number) - (a.mu[i] as number))).toBeLessThan(1e-9);
        expect(Math.abs((other.sigma2[i] as number) - (a.sigma2[i] as number))).toBeLessThan(1e-9);
      }
      const weightOf = (r: typeof a, id: string) => r.voters.weight[r.voters.ids.indexOf(id)];
      for (const id of a.voters.ids) {
        expect(
          Math.abs((weightOf(other, id) as number) - (weightOf(a, id) as number)),
        ).toBeLessThan(1e-9);
      }
    }
  });

  it('down-weights an inverted voter and an always-left voter', () => {
    const voters: Record<string, SimVoterKind> = {
      ...Object.fromEntries(Array.from({ length: 10 }, (_, v) => [`h${v}`, 'honest' as const])),
      inverted: 'inverted',
      left: 'left',
    };
    const votes = simulateVotes(theta, 4000, voters, 4);
    const result = refitCategory({ photoIds: ids, votes });
    const weight = (id: string) => result.voters.weight[result.voters.ids.indexOf(id)] as number;
    const reliability = (id: string) =>
      result.voters.reliability[result.voters.ids.indexOf(id)] as number;
    for (let v = 0; v < 10; v++) expect(weight(`h${v}`)).toBeGreaterThan(0.7);
    expect(weight('inverted')).toBe(0);
    expect(reliability('inverted')).toBeLessThan(0.3);
    expect(weight('left')).toBeLessThan(0.15);
    expect(reliability('left')).toBeLessThan(0.65);
    // And the strengths are better than a fit that trusts everyone equally.
    const trusting = refitCategory({
      photoIds: ids,
      votes,
      params: ratingParams({ reliabilityRounds: 0 }),
      warmStart: { voterWeight: new Map(Object.keys(voters).map((id) => [id, 1])) },
    });
    expect(kendallTau(theta, result.mu)).toBeGreaterThan(kendallTau(theta, trusting.mu));
  });

  it('uses gold-pair results as evidence of reliability', () => {
    const votes = simulateVotes(theta, 3000, { ...honest, newcomer: 'honest' }, 5);
    const few = votes.filter((v) => v.voter !== 'newcomer');
    few.push(...votes.filter((v) => v.voter === 'newcomer').slice(0, 3));
    const withoutGold = refitCategory({ photoIds: ids, votes: few });
    const withGold = refitCategory({
      photoIds: ids,
      votes: few,
      goldResults: [{ voter: 'newcomer', passed: 1, failed: 9 }],
    });
    const index = withGold.voters.ids.indexOf('newcomer');
    expect(withoutGold.voters.weight[index]).toBeGreaterThan(0.5);
    expect(withGold.voters.weight[index]).toBe(0);
  });

  it('gives a voter without evidence the prior weight and ignores weight-0 and unknown votes', () => {
    const votes = simulateVotes(theta, 2000, honest, 6);
    const base = refitCategory({
      photoIds: ids,
      votes,
      params: ratingParams({ reliabilityRounds: 0 }),
    });
    const noisy: VoteRecord[] = [
      ...votes,
      { winner: 'p1', loser: 'p2', voter: 'ghost', weight: 0 },
      { winner: 'p1', loser: 'unknown', voter: 'v1' },
      { winner: 'p3', loser: 'p3', voter: 'v1' },
    ];
    const same = refitCategory({
      photoIds: ids,
      votes: noisy,
      params: ratingParams({ reliabilityRounds: 0 }),
    });
    for (let i = 0; i < N; i++) expect(same.mu[i]).toBeCloseTo(base.mu[i] as number, 12);
    expect(same.convergence.skippedVotes).toBe(2);
    const ghost = same.voters.ids.indexOf('ghost');
    expect(same.voters.weight[ghost]).toBeCloseTo(priorVoterWeight(), 12);
  });

  it('matches a brute-force MAP on a small example', () => {
    const photoIds = ['a', 'b', 'c', 'd'];
    const votes: VoteRecord[] = [
      { winner: 'a', loser: 'b', voter: 'x' },
      { winner: 'a', loser: 'b', voter: 'y', weight: 0.5 },
      { winner: 'b', loser: 'a', voter: 'x' },
      { winner: 'b', loser: 'c', voter: 'y' },
      { winner: 'c', loser: 'd', voter: 'x', weight: 0.25 },
      { winner: 'a', loser: 'd', voter: 'y' },
      { winner: 'd', loser: 'b', voter: 'x' },
      { winner: 'a', loser: 'c', voter: 'x' },
    ];
    const tau2 = 1.7;
    const params = ratingParams({ reliabilityRounds: 0 });
    const result = refitCategory({
      photoIds,
      votes,
      prior: { mean: 0.2, variance: tau2 },
      params,
      warmStart: {
        voterWeight: new Map([
          ['x', 1],
          ['y', 0.8],
        ]),
      },
    });
    // Brute force: plain gradient descent on F(θ) with a small fixed step until it stops moving.
    const voterWeight: Record<string, number> = { x: 1, y: 0.8 };
    const index = (id: string) => photoIds.indexOf(id);
    const grad = (t: number[]) => {
      const g = t.map((ti) => (ti - 0.2) / tau2);
      for (const v of votes) {
        const c = (v.weight ?? 1) * (voterWeight[v.voter] as number);
        const q = 1 - sigmoid((t[index(v.winner)] as number) - (t[index(v.loser)] as number));
        g[index(v.winner)] = (g[index(v.winner)] as number) - c * q;
        g[index(v.loser)] = (g[index(v.loser)] as number) + c * q;
      }
      return g;
    };
    let t = [0, 0, 0, 0];
    for (let k = 0; k < 200_000; k++) {
      const g = grad(t);
      t = t.map((ti, i) => ti - 0.05 * (g[i] as number));
      if (Math.max(...g.map(Math.abs)) < 1e-13) break;
    }
    for (let i = 0; i < 4; i++) expect(result.mu[i]).toBeCloseTo(t[i] as number, 8);
    // Laplace diagonal: σ² = 1 / (1/τ² + Σ c·p(1−p)).
    const info = [0, 0, 0, 0];
    for (const v of votes) {
      const c = (v.weight ?? 1) * (voterWeight[v.voter] as number);
      const p = sigmoid((t[index(v.winner)] as number) - (t[index(v.loser)] as number));
      info[index(v.winner)] = (info[index(v.winner)] as number) + c * p * (1 - p);
      info[index(v.loser)] = (info[index(v.loser)] as number) + c * p * (1 - p);
    }
    for (let i = 0; i < 4; i++) {
      expect(result.sigma2[i]).toBeCloseTo(1 / (1 / tau2 + (info[i] as number)), 8);
    }
    expect(Array.from(result.voters.weight)).toEqual([1, 0.8]);
  });

  it('accepts the typed-array form and agrees with the object form', () => {
    const votes = simulateVotes(theta, 3000, honest, 7);
    const voterIds = [...new Set(votes.map((v) => v.voter))];
    const typed = refitCategory({
      photoIds: ids,
      votes: {
        winner: Int32Array.from(votes.map((v) => ids.indexOf(v.winner))),
        loser: Int32Array.from(votes.map((v) => ids.indexOf(v.loser))),
        voter: Int32Array.from(votes.map((v) => voterIds.indexOf(v.voter))),
        voterCount: voterIds.length,
      },
    });
    const objects = refitCategory({ photoIds: ids, votes });
    for (let i = 0; i < N; i++)
      expect(Math.abs((typed.mu[i] as number) - (objects.mu[i] as number))).toBeLessThan(1e-9);
    expect(typed.voters.ids).toEqual(voterIds.map((_, i) => i));
  });

  it('warm starts reach the same estimate in fewer iterations', () => {
    const votes = simulateVotes(theta, 40 * N, honest, 8);
    const cold = refitCategory({ photoIds: ids, votes });
    const warm = refitCategory({
      photoIds: ids,
      votes,
      warmStart: {
        mu: cold.mu,
        voterWeight: new Map(cold.voters.ids.map((id, v) => [id, cold.voters.weight[v] as number])),
      },
    });
    // Equal up to the reliability rounds that the warm start continues.
    for (let i = 0; i < N; i++)
      expect(Math.abs((warm.mu[i] as number) - (cold.mu[i] as number))).toBeLessThan(1e-4);
    expect(warm.convergence.newtonIterations).toBeLessThan(cold.convergence.newtonIterations);
  });

  it('keeps photos without votes at the prior', () => {
    const result = refitCategory({
      photoIds: ['lonely', 'p0', 'p1'],
      votes: [{ winner: 'p0', loser: 'p1', voter: 'v' }],
    });
    expect(result.mu[0]).toBe(0);
    expect(result.sigma2[0]).toBe(1);
    expect(result.mu[1]).toBeGreaterThan(0);
    expect(result.mu[2]).toBeLessThan(0);
  });
});
