/**
 * TrueSkill (ts-trueskill, its defaults μ 25, σ 25/3, β σ/2, τ σ/100) with draw probability 0:
 * each vote is one rate_1vs1; a uniformly drawn photo meets the unmet photo of closest μ, the
 * library's quality_1vs1 being highest there for equal σ. Ordered by μ.
 */
import type { Rating } from 'ts-trueskill';
import { TrueSkill as Environment, rate_1vs1 } from 'ts-trueskill';
import { seededRng, type Rng } from '../../../apps/server/src/domain/rating/index.js';
import type { World } from '../sim.js';
import { Meetings, closestPair } from './matchmaking.js';
import { outcome, randomSides, type RankingSystem, type Shown } from './system.js';

export class TrueSkillPeer implements RankingSystem {
  private readonly env = new Environment(undefined, undefined, undefined, undefined, 0);
  private readonly ratings: Rating[];
  private readonly mu: Float64Array;
  private readonly meetings: Meetings;
  private readonly rng: Rng;

  constructor(world: World, seed: number) {
    const n = world.ids.length;
    this.ratings = Array.from({ length: n }, () => this.env.createRating());
    this.mu = Float64Array.from(this.ratings, (r) => r.mu);
    this.meetings = new Meetings(n);
    this.rng = seededRng(seed * 31 + 3);
  }

  choose(): Shown {
    const [a, b] = closestPair(this.mu, 1, this.meetings, this.rng);
    return randomSides(a, b, this.rng);
  }

  take(_v: number, shown: Shown, side: 'left' | 'right'): void {
    const [w, l] = outcome(shown, side);
    const [winner, loser] = rate_1vs1(
      this.ratings[w] as Rating,
      this.ratings[l] as Rating,
      false,
      undefined,
      this.env,
    );
    this.ratings[w] = winner;
    this.ratings[l] = loser;
    this.mu[w] = winner.mu;
    this.mu[l] = loser.mu;
    this.meetings.mark(w, l);
  }

  scores(): Float64Array {
    return this.mu;
  }
}
