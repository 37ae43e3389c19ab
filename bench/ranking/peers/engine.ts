/**
 * The real engine (sim.ts EngineSim) behind the common interface: its own pairing and sides,
 * an online update per vote, a refit over all votes every N/2 votes, and the order of the latest
 * refit (what the board shows; all equal before the first refit).
 */
import { ratingParams, type RatingParams } from '../../../apps/server/src/domain/rating/index.js';
import { EngineSim, type EngineChoice, type Oracle, type World } from '../sim.js';
import type { RankingSystem } from './system.js';

export class EnginePeer implements RankingSystem<EngineChoice> {
  readonly sim: EngineSim;
  private readonly period: number;
  private readonly none: Float64Array;
  /** Votes taken, counted for the refit cadence (an oracle may drop some before the engine). */
  private taken = 0;

  constructor(
    world: World,
    seed: number,
    overrides: Partial<RatingParams> = {},
    oracle: Oracle = 'none',
  ) {
    this.sim = new EngineSim(world, ratingParams(overrides), seed, oracle);
    this.period = Math.max(1, Math.floor(world.ids.length / 2));
    this.none = new Float64Array(world.ids.length);
  }

  choose(v: number): EngineChoice | null {
    return this.sim.choose(v);
  }

  take(v: number, chosen: EngineChoice, side: 'left' | 'right'): void {
    this.sim.take(v, chosen, side);
    this.taken++;
    if (this.taken % this.period === 0) this.sim.refit();
  }

  scores(): Float64Array {
    return this.sim.last?.mu ?? this.none;
  }
}
