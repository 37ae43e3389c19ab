/**
 * The peers' matchmaking: a uniformly drawn photo meets one of the k photos closest to it by
 * the peer's own rating, among those it has not met yet (all photos once it has met every one),
 * or a uniformly random opponent. A global "met" set keeps peers from replaying a pair, as the
 * engine never shows a voter a pair twice.
 */
import type { Rng } from '../../../apps/server/src/domain/rating/index.js';

export class Meetings {
  private readonly met: Uint8Array;

  constructor(readonly n: number) {
    this.met = new Uint8Array(n * n);
  }

  mark(a: number, b: number): void {
    this.met[a * this.n + b] = 1;
    this.met[b * this.n + a] = 1;
  }

  has(a: number, b: number): boolean {
    return this.met[a * this.n + b] === 1;
  }
}

export function randomPair(n: number, rng: Rng): [number, number] {
  const a = Math.floor(rng() * n);
  let b = Math.floor(rng() * (n - 1));
  if (b >= a) b++;
  return [a, b];
}

/** A random one of the k photos whose `value` is closest to a uniformly drawn photo's. */
export function closestPair(
  values: ArrayLike<number>,
  k: number,
  meetings: Meetings,
  rng: Rng,
): [number, number] {
  const n = values.length;
  const a = Math.floor(rng() * n);
  const va = values[a] as number;
  const best: number[] = [];
  const dist: number[] = [];
  let count = 0;
  // Kept in a small sorted buffer during one pass from a random start (so that equal ratings,
  // as at the start, do not all meet the same photos); a second pass allows met photos.
  const start = Math.floor(rng() * n);
  for (let pass = 0; pass < 2 && count === 0; pass++) {
    for (let j = 0; j < n; j++) {
      const b = (start + j) % n;
      if (b === a || (pass === 0 && meetings.has(a, b))) continue;
      const d = Math.abs((values[b] as number) - va);
      if (count === k && d >= (dist[k - 1] as number)) continue;
      let slot = count < k ? count++ : k - 1;
      while (slot > 0 && (dist[slot - 1] as number) > d) {
        best[slot] = best[slot - 1] as number;
        dist[slot] = dist[slot - 1] as number;
        slot--;
      }
      best[slot] = b;
      dist[slot] = d;
    }
  }
  return [a, best[Math.floor(rng() * count)] as number];
}
