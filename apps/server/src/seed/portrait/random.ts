/** Draws from a seeded generator: every choice goes through these so portraits stay reproducible. */

import type { Rng } from '../../domain/rating/rng.js';

export const between = (r: Rng, lo: number, hi: number): number => lo + (hi - lo) * r();
export const chance = (r: Rng, p: number): boolean => r() < p;

/** Picks one entry of a space-separated list (palettes are written that way to stay compact). */
export function pick(r: Rng, list: string): string {
  const items = list.split(' ');
  return items[Math.floor(r() * items.length)] ?? '';
}

export function weighted<K extends string>(r: Rng, weights: Record<K, number>): K {
  const keys = Object.keys(weights) as K[];
  let x = r() * keys.reduce((sum, k) => sum + weights[k], 0);
  return keys.find((k) => (x -= weights[k]) < 0) ?? (keys[0] as K);
}
