/** Elo K=32 from 1500, on uniformly random pairs or against one of the 8 closest by rating. */
import { seededRng, type Rng } from '../../../apps/server/src/domain/rating/index.js';
import type { World } from '../sim.js';
import { Meetings, closestPair, randomPair } from './matchmaking.js';
import { outcome, randomSides, type RankingSystem, type Shown } from './system.js';

const ELO_SCALE = 400 / Math.LN10;

export class Elo implements RankingSystem {
  private readonly rating: Float64Array;
  private readonly meetings: Meetings;
  private readonly rng: Rng;

  constructor(
    world: World,
    seed: number,
    private readonly mode: 'random' | 'closest8',
  ) {
    const n = world.ids.length;
    this.rating = new Float64Array(n).fill(1500);
    this.meetings = new Meetings(n);
    this.rng = seededRng(seed * 31 + 3);
  }

  choose(): Shown {
    const n = this.rating.length;
    const [a, b] =
      this.mode === 'random'
        ? randomPair(n, this.rng)
        : closestPair(this.rating, 8, this.meetings, this.rng);
    return randomSides(a, b, this.rng);
  }

  take(_v: number, shown: Shown, side: 'left' | 'right'): void {
    const [w, l] = outcome(shown, side);
    const expected =
      1 / (1 + Math.exp(((this.rating[l] as number) - (this.rating[w] as number)) / ELO_SCALE));
    const delta = 32 * (1 - expected);
    this.rating[w] = (this.rating[w] as number) + delta;
    this.rating[l] = (this.rating[l] as number) - delta;
    this.meetings.mark(w, l);
  }

  scores(): Float64Array {
    return this.rating;
  }
}
