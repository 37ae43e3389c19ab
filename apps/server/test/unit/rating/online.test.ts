import { describe, expect, it } from 'vitest';
import { priorState, updateOnline } from '../../../src/domain/rating/index.js';

describe('online update (updateOnline)', () => {
  const a = { mu: 0.3, sigma2: 0.8 };
  const b = { mu: -0.2, sigma2: 0.5 };

  it('moves the winner up and the loser down, and shrinks both variances', () => {
    const r = updateOnline(a, b, 1);
    expect(r.winner.mu).toBeGreaterThan(a.mu);
    expect(r.loser.mu).toBeLessThan(b.mu);
    expect(r.winner.sigma2).toBeLessThan(a.sigma2);
    expect(r.loser.sigma2).toBeLessThan(b.sigma2);
    expect(r.winner.sigma2).toBeGreaterThan(0);
    expect(r.loser.sigma2).toBeGreaterThan(0);
  });

  it('is symmetric: equal variances give equal and opposite moves, and mirrored inputs mirror', () => {
    const x = { mu: 0.1, sigma2: 0.6 };
    const y = { mu: -0.4, sigma2: 0.6 };
    const r = updateOnline(x, y, 1);
    expect(r.winner.mu - x.mu).toBeCloseTo(y.mu - r.loser.mu, 12);
    expect(r.winner.sigma2).toBeCloseTo(r.loser.sigma2, 12);
    const mirrored = updateOnline({ mu: -y.mu, sigma2: 0.6 }, { mu: -x.mu, sigma2: 0.6 }, 1);
    expect(mirrored.winner.mu).toBeCloseTo(-r.loser.mu, 12);
    expect(mirrored.loser.mu).toBeCloseTo(-r.winner.mu, 12);
  });

  it('changes nothing for weight 0 and less for smaller weights', () => {
    const r0 = updateOnline(a, b, 0);
    expect(r0.winner).toEqual(a);
    expect(r0.loser).toEqual(b);
    const half = updateOnline(a, b, 0.5);
    const full = updateOnline(a, b, 1);
    expect(half.winner.mu - a.mu).toBeGreaterThan(0);
    expect(half.winner.mu - a.mu).toBeLessThan(full.winner.mu - a.mu);
    expect(half.winner.sigma2).toBeGreaterThan(full.winner.sigma2);
    // Out-of-range weights are clamped.
    expect(updateOnline(a, b, -3).winner).toEqual(a);
    expect(updateOnline(a, b, 7).winner).toEqual(full.winner);
  });

  it('moves more after an upset than after an expected win, and uncertain photos more', () => {
    const strong = { mu: 1.5, sigma2: 0.3 };
    const weak = { mu: -1.5, sigma2: 0.3 };
    const expected = updateOnline(strong, weak, 1);
    const upset = updateOnline(weak, strong, 1);
    expect(upset.winner.mu - weak.mu).toBeGreaterThan(expected.winner.mu - strong.mu);
    expect(expected.expected).toBeGreaterThan(0.9);
    const uncertain = updateOnline({ mu: 0, sigma2: 1 }, { mu: 0, sigma2: 0.1 }, 1);
    expect(uncertain.winner.mu).toBeGreaterThan(-uncertain.loser.mu);
  });

  it('converges towards the truth over many votes', () => {
    // θ = (1, 0): the first photo wins 73% of the time, outcomes spread evenly over the run.
    let x = priorState();
    let y = priorState();
    for (let k = 0; k < 400; k++) {
      const xWins = Math.floor((k + 1) * 0.73) > Math.floor(k * 0.73);
      const r = xWins ? updateOnline(x, y, 1) : updateOnline(y, x, 1);
      [x, y] = xWins ? [r.winner, r.loser] : [r.loser, r.winner];
    }
    expect(x.mu - y.mu).toBeGreaterThan(0.7);
    expect(x.mu - y.mu).toBeLessThan(1.3);
    expect(x.sigma2).toBeLessThan(0.05);
  });
});
