/** The Elo baselines of the ranking benchmark, driven by the same world as the real engine. */
import { seededRng, type Rng } from '../../apps/server/src/domain/rating/index.js';
import { behave, type VoterKind, type World } from './sim.js';

const ELO_SCALE = 400 / Math.LN10;

/** Elo K=32 from 1500: `pick` chooses each pair; sides are random. */
export class EloSim {
  readonly rating: Float64Array;
  private readonly met: Uint8Array;
  private readonly sideRng: Rng;
  private readonly outcomeRng: Rng;
  private readonly pickRng: Rng;

  constructor(
    readonly world: World,
    readonly mode: 'random' | 'closest8',
    seed = world.options.seed,
  ) {
    const n = world.ids.length;
    this.rating = new Float64Array(n).fill(1500);
    this.met = new Uint8Array(n * n);
    this.pickRng = seededRng(seed * 31 + 3);
    this.sideRng = seededRng(seed * 31 + 4);
    this.outcomeRng = seededRng(seed * 31 + 2);
  }

  private pair(): [number, number] {
    const n = this.rating.length;
    const a = Math.floor(this.pickRng() * n);
    if (this.mode === 'random') {
      let b = Math.floor(this.pickRng() * (n - 1));
      if (b >= a) b++;
      return [a, b];
    }
    // The 8 closest by rating among the photos `a` has not met (all photos when it met all),
    // kept in a small sorted buffer during one pass.
    const ra = this.rating[a] as number;
    const best: number[] = [];
    const dist: number[] = [];
    let count = 0;
    for (let pass = 0; pass < 2 && count === 0; pass++) {
      for (let b = 0; b < n; b++) {
        if (b === a || (pass === 0 && this.met[a * n + b] === 1)) continue;
        const d = Math.abs((this.rating[b] as number) - ra);
        if (count === 8 && d >= (dist[7] as number)) continue;
        let k = count < 8 ? count++ : 7;
        while (k > 0 && (dist[k - 1] as number) > d) {
          best[k] = best[k - 1] as number;
          dist[k] = dist[k - 1] as number;
          k--;
        }
        best[k] = b;
        dist[k] = d;
      }
    }
    return [a, best[Math.floor(this.pickRng() * count)] as number];
  }

  step(v: number): void {
    const { world } = this;
    const n = world.ids.length;
    const [a, b] = this.pair();
    const [left, right] = this.sideRng() < 0.5 ? [a, b] : [b, a];
    const side = behave(
      world.voterKind[v] as VoterKind,
      world.theta[left] as number,
      world.theta[right] as number,
      this.outcomeRng,
    );
    const [w, l] = side === 'left' ? [left, right] : [right, left];
    const expected =
      1 / (1 + Math.exp(((this.rating[l] as number) - (this.rating[w] as number)) / ELO_SCALE));
    const delta = 32 * (1 - expected);
    this.rating[w] = (this.rating[w] as number) + delta;
    this.rating[l] = (this.rating[l] as number) - delta;
    this.met[a * n + b] = 1;
    this.met[b * n + a] = 1;
  }
}
