import { describe, expect, it } from 'vitest';
import {
  ratingParams,
  refitCategory,
  refitIncrement,
  seededRng,
  trustWithNewVotes,
} from '../../../src/domain/rating/index.js';
import { gaussian, simulateVotes, type SimVoterKind } from './helpers.js';

// Voter weights held at 1 in both fits: the incremental refit keeps voter state as the last
// full refit left it, so this compares the two on what the increment itself computes.
const params = ratingParams({ reliabilityRounds: 0 });
const N = 300;
const rng = seededRng(5);
const theta = Array.from({ length: N }, () => 1.5 * gaussian(rng));
const ids = theta.map((_, i) => i);
const honest: Record<string, SimVoterKind> = Object.fromEntries(
  Array.from({ length: 30 }, (_, v) => [`v${v}`, 'honest' as const]),
);
const all = simulateVotes(theta, 20 * N, honest, 2).map((vote) => ({
  winner: Number(vote.winner.slice(1)),
  loser: Number(vote.loser.slice(1)),
  voter: vote.voter,
}));
const OLD = 19 * N;

/** The full fit's state of every photo after the first `count` votes. */
function fullFit(count: number) {
  const result = refitCategory({ photoIds: ids, votes: all.slice(0, count), params });
  const precision = Float64Array.from(
    result.information,
    (info) => 1 / params.priorVariance + info,
  );
  return { mu: result.mu, precision, evidence: precision };
}

/** The incremental refit of votes OLD.. on top of the full fit of the votes before them. */
function incremental(from: ReturnType<typeof fullFit>) {
  const fresh = all.slice(OLD);
  const touched = [...new Set(fresh.flatMap((vote) => [vote.winner, vote.loser]))];
  const position = new Map(touched.map((photo, index) => [photo, index]));
  const pick = (column: Float64Array) =>
    Float64Array.from(touched, (photo) => column[photo] as number);
  const result = refitIncrement({
    mu: pick(from.mu),
    precision: pick(from.precision),
    evidence: pick(from.evidence),
    winner: Int32Array.from(fresh, (vote) => position.get(vote.winner) as number),
    loser: Int32Array.from(fresh, (vote) => position.get(vote.loser) as number),
    weight: new Float64Array(fresh.length).fill(1),
    voter: new Int32Array(fresh.length),
    voterTrust: Float64Array.of(1),
    params,
  });
  const mu = Float64Array.from(from.mu);
  touched.forEach((photo, index) => (mu[photo] = result.mu[index] as number));
  return { touched, result, mu };
}

const rms = (a: Float64Array, b: Float64Array) =>
  Math.sqrt(a.reduce((sum, value, i) => sum + (value - (b[i] as number)) ** 2, 0) / a.length);

describe('incremental refit (refitIncrement)', () => {
  it('changes nothing without votes', () => {
    const mu = Float64Array.of(0.5, -0.2);
    const precision = Float64Array.of(3, 4);
    const result = refitIncrement({
      mu,
      precision,
      evidence: precision,
      winner: new Int32Array(0),
      loser: new Int32Array(0),
      weight: new Float64Array(0),
      voter: new Int32Array(0),
      voterTrust: new Float64Array(0),
      params,
    });
    expect(Array.from(result.mu)).toEqual([0.5, -0.2]);
    expect(Array.from(result.precision)).toEqual([3, 4]);
    expect(Array.from(result.evidence)).toEqual([3, 4]);
  });

  it('moves a winner up and a loser down, the uncertain one more, and adds their information', () => {
    const result = refitIncrement({
      mu: Float64Array.of(0, 0),
      precision: Float64Array.of(2, 20),
      evidence: Float64Array.of(2, 20),
      winner: Int32Array.of(0),
      loser: Int32Array.of(1),
      weight: Float64Array.of(1),
      voter: Int32Array.of(0),
      voterTrust: Float64Array.of(1),
      params,
    });
    const [winner, loser] = result.mu as unknown as [number, number];
    expect(winner).toBeGreaterThan(0);
    expect(loser).toBeLessThan(0);
    expect(winner).toBeGreaterThan(5 * -loser);
    expect(result.precision[0]).toBeGreaterThan(2);
    expect(result.evidence[1]).toBeGreaterThan(20);
  });

  it('gives a vote of weight 0 no effect on the strengths', () => {
    const result = refitIncrement({
      mu: Float64Array.of(0.3, 0.1),
      precision: Float64Array.of(2, 2),
      evidence: Float64Array.of(2, 2),
      winner: Int32Array.of(1),
      loser: Int32Array.of(0),
      weight: Float64Array.of(0),
      voter: Int32Array.of(0),
      voterTrust: Float64Array.of(1),
      params,
    });
    expect(Array.from(result.mu)).toEqual([0.3, 0.1]);
    expect(Array.from(result.evidence)).toEqual([2, 2]);
  });

  it('lets a voter earn trust with the new votes as the full refit would, and lose it by disagreeing', () => {
    // Photo 0 is clearly ahead of photo 1 (by more than the trust margin).
    const votes = (winner: number, count: number) => ({
      winner: new Int32Array(count).fill(winner),
      loser: new Int32Array(count).fill(1 - winner),
    });
    const trustAfter = (winner: number, count: number, stored: number) =>
      trustWithNewVotes({
        mu: Float64Array.of(1, 0),
        precision: Float64Array.of(5, 5),
        evidence: Float64Array.of(5, 5),
        ...votes(winner, count),
        weight: new Float64Array(count).fill(1),
        voter: new Int32Array(count),
        voterTrust: Float64Array.of(stored),
        params,
      })[0] as number;
    const full = params.trustFullEvidence;
    const perAgreeingVote = params.trustVoteEvidence + 1;
    // A new voter (no stored trust) starts at the prior and earns it in full...
    expect(trustAfter(0, 0, Number.NaN)).toBe(params.trustPrior);
    expect(trustAfter(0, Math.ceil(full / perAgreeingVote), Number.NaN)).toBe(1);
    const one = trustAfter(0, 1, Number.NaN);
    expect(one).toBeCloseTo(
      params.trustPrior + ((1 - params.trustPrior) * perAgreeingVote) / full,
      12,
    );
    // ...from where the stored trust left them, and a voter against the crowd earns none.
    expect(trustAfter(0, 1, one)).toBeGreaterThan(one);
    expect(trustAfter(1, 10, Number.NaN)).toBe(params.trustPrior);
    expect(trustAfter(1, 4, 1)).toBeLessThan(1);
  });

  it('lands near the full refit of every vote: most of the way from the fit before', () => {
    const before = fullFit(OLD);
    const after = fullFit(all.length);
    const { touched, mu } = incremental(before);
    expect(touched.length).toBeGreaterThan(N / 2);
    const moved = rms(before.mu, after.mu);
    const missed = rms(mu, after.mu);
    expect(moved).toBeGreaterThan(0.01);
    // What remains is the untouched photos' share of their opponents' moves and the old votes'
    // curvature taken as fixed: here (a twentieth of the votes new) about 0.4 of the move.
    expect(missed).toBeLessThan(0.5 * moved);
  });

  it('is a function of the votes: the same input gives the same bits', () => {
    const before = fullFit(OLD);
    expect(Array.from(incremental(before).mu)).toEqual(Array.from(incremental(before).mu));
  });
});
