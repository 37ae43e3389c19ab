/**
 * OpenSkill (openskill, Weng-Lin with its default Plackett-Luce model, which for two teams is
 * Bradley-Terry): each vote is one rate([[winner], [loser]]); a uniformly drawn photo meets the
 * unmet photo of closest ordinal (μ − 3σ, the library's sort key), where predictDraw is highest
 * for similar σ. Ordered by μ, like the other peers.
 */
import { ordinal, rate, rating, type Rating } from 'openskill';
import { seededRng, type Rng } from '../../../apps/server/src/domain/rating/index.js';
import type { World } from '../sim.js';
import { Meetings, closestPair } from './matchmaking.js';
import { outcome, randomSides, type RankingSystem, type Shown } from './system.js';

export class OpenSkillPeer implements RankingSystem {
  private readonly ratings: Rating[];
  private readonly mu: Float64Array;
  private readonly ordinal: Float64Array;
  private readonly meetings: Meetings;
  private readonly rng: Rng;

  constructor(world: World, seed: number) {
    const n = world.ids.length;
    this.ratings = Array.from({ length: n }, () => rating());
    this.mu = Float64Array.from(this.ratings, (r) => r.mu);
    this.ordinal = Float64Array.from(this.ratings, (r) => ordinal(r));
    this.meetings = new Meetings(n);
    this.rng = seededRng(seed * 31 + 3);
  }

  choose(): Shown {
    const [a, b] = closestPair(this.ordinal, 1, this.meetings, this.rng);
    return randomSides(a, b, this.rng);
  }

  take(_v: number, shown: Shown, side: 'left' | 'right'): void {
    const [w, l] = outcome(shown, side);
    const [[winner], [loser]] = rate([[this.ratings[w] as Rating], [this.ratings[l] as Rating]]);
    this.set(w, winner);
    this.set(l, loser);
    this.meetings.mark(w, l);
  }

  private set(i: number, r: Rating): void {
    this.ratings[i] = r;
    this.mu[i] = r.mu;
    this.ordinal[i] = ordinal(r);
  }

  scores(): Float64Array {
    return this.mu;
  }
}
