import { describe, expect, it } from 'vitest';
import { sortInTurns } from '../../src/lib/event-loop.js';
import { seededRng } from '../../src/domain/rating/index.js';
import { countTurns } from '../support/event-loop.js';

describe('sortInTurns', () => {
  const byKeyDescending = (a: { key: number; id: number }, b: { key: number; id: number }) =>
    b.key - a.key;

  it.each([0, 1, 2, 4095, 4096, 4097, 8192, 20_011])(
    'sorts %i items stably, as Array.prototype.sort does',
    async (count) => {
      const rng = seededRng(count + 1);
      // Few distinct keys: stability decides most of the order.
      const items = Array.from({ length: count }, (_, id) => ({ key: Math.floor(rng() * 30), id }));
      const sorted = await sortInTurns(items, byKeyDescending);
      expect(sorted).toEqual([...items].sort(byKeyDescending));
      expect(items.map((item) => item.id)).toEqual(Array.from({ length: count }, (_, id) => id));
    },
  );

  it('lets the event loop turn while it sorts many items', async () => {
    const rng = seededRng(7);
    const items = Array.from({ length: 100_000 }, () => rng());
    const turns = countTurns();
    const sorted = await sortInTurns(items, (a, b) => a - b);
    expect(turns()).toBeGreaterThanOrEqual(20);
    expect(sorted).toEqual([...items].sort((a, b) => a - b));
  });
});
