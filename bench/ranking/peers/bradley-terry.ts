/**
 * Offline Bradley-Terry maximum likelihood on uniformly random pairs: the votes are only stored,
 * and each time the order is asked for, strengths are fitted to all votes so far by Hunter's MM
 * iteration (warm-started from the previous fit; stopped when no log-strength moves by more than
 * 1e-5). Every photo also plays one virtual win and one virtual loss against a fixed opponent of
 * strength 1: the plain ML estimate does not exist while a photo has won or lost every vote, as
 * many have at the start.
 */
import { seededRng, type Rng } from '../../../apps/server/src/domain/rating/index.js';
import type { World } from '../sim.js';
import { randomPair } from './matchmaking.js';
import { outcome, randomSides, type RankingSystem, type Shown } from './system.js';

const MAX_ITERATIONS = 2000;
const TOLERANCE = 1e-5;

export class BradleyTerryPeer implements RankingSystem {
  private readonly n: number;
  private readonly rng: Rng;
  private winner = new Int32Array(1024);
  private loser = new Int32Array(1024);
  private count = 0;
  private readonly wins: Float64Array;
  private strength: Float64Array;
  private fittedAt = -1;

  constructor(world: World, seed: number) {
    this.n = world.ids.length;
    this.rng = seededRng(seed * 31 + 3);
    this.wins = new Float64Array(this.n);
    this.strength = new Float64Array(this.n).fill(1);
  }

  choose(): Shown {
    const [a, b] = randomPair(this.n, this.rng);
    return randomSides(a, b, this.rng);
  }

  take(_v: number, shown: Shown, side: 'left' | 'right'): void {
    const [w, l] = outcome(shown, side);
    if (this.count === this.winner.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.winner = grow(this.winner);
      this.loser = grow(this.loser);
    }
    this.winner[this.count] = w;
    this.loser[this.count] = l;
    this.count++;
    this.wins[w] = (this.wins[w] as number) + 1;
  }

  /** Log-strengths fitted to every vote so far. */
  scores(): Float64Array {
    if (this.fittedAt !== this.count) {
      this.strength = this.fit(this.strength);
      this.fittedAt = this.count;
    }
    return this.strength.map(Math.log);
  }

  private fit(start: Float64Array): Float64Array {
    const { n, winner, loser, wins } = this;
    let pi = Float64Array.from(start);
    const denominator = new Float64Array(n);
    for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
      for (let i = 0; i < n; i++) denominator[i] = 2 / ((pi[i] as number) + 1);
      for (let e = 0; e < this.count; e++) {
        const w = winner[e] as number;
        const l = loser[e] as number;
        const d = 1 / ((pi[w] as number) + (pi[l] as number));
        denominator[w] = (denominator[w] as number) + d;
        denominator[l] = (denominator[l] as number) + d;
      }
      const next = new Float64Array(n);
      let moved = 0;
      for (let i = 0; i < n; i++) {
        next[i] = ((wins[i] as number) + 1) / (denominator[i] as number);
        moved = Math.max(moved, Math.abs(Math.log((next[i] as number) / (pi[i] as number))));
      }
      pi = next;
      if (moved < TOLERANCE) break;
    }
    return pi;
  }
}
