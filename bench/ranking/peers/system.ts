/**
 * What the ranking benchmark needs of a rating system, so that the real engine and every peer
 * run alike: pick a pair for the voter who arrives, take that voter's tap, and tell its current
 * order. Votes arrive one at a time, as in a live system.
 */
import type { Rng } from '../../../apps/server/src/domain/rating/index.js';
import type { World } from '../sim.js';

/** A pair as shown: `left` on top, `right` below (indices into the world's photos). */
export interface Shown {
  readonly left: number;
  readonly right: number;
}

export interface RankingSystem<S extends Shown = Shown> {
  /** The pair shown to voter `v`, or null when the system has none to serve. */
  choose(v: number): S | null;
  /** Voter `v` tapped `side` on `shown`. */
  take(v: number, shown: S, side: 'left' | 'right'): void;
  /** A score per photo, higher is better: the order the system would display now. */
  scores(): ArrayLike<number>;
}

export type SystemFactory = (world: World, seed: number) => RankingSystem;

/** Puts the two photos of a pair on random sides (peers have no opinion about sides). */
export function randomSides(a: number, b: number, rng: Rng): Shown {
  return rng() < 0.5 ? { left: a, right: b } : { left: b, right: a };
}

/** Winner and loser of a tap. */
export function outcome(shown: Shown, side: 'left' | 'right'): [number, number] {
  return side === 'left' ? [shown.left, shown.right] : [shown.right, shown.left];
}
