/**
 * Randomness is always injected as `Rng`: a function returning a uniform number in [0, 1).
 * `seededRng` is a small deterministic generator (mulberry32) for tests, simulations and
 * reproducible server behaviour; the server may pass any other source.
 */
export type Rng = () => number;

/** mulberry32: 32-bit state, period 2^32, good enough for pairing and simulation. */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform integer in [0, n). */
export function randomInt(rng: Rng, n: number): number {
  return Math.min(n - 1, Math.floor(rng() * n));
}
