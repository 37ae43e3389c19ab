import { describe, expect, it } from 'vitest';
import { TurnBudget } from '../../src/lib/event-loop.js';
import { countTurns } from '../support/event-loop.js';

/** Holds the thread for `ms`, as an item of real work would. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

describe('TurnBudget', () => {
  it('yields once a turn has held the event loop for its budget, whatever an item costs', async () => {
    for (const itemMs of [0.05, 0.5, 2]) {
      const turn = new TurnBudget(8);
      const turns = countTurns();
      let stretch = performance.now();
      let longest = 0;
      const started = performance.now();
      while (performance.now() - started < 120) {
        busy(itemMs);
        if (turn.due()) {
          longest = Math.max(longest, performance.now() - stretch);
          await turn.next();
          stretch = performance.now();
        }
      }
      // About 120 / 8 turns; the other work of the loop ran between them.
      expect(turns()).toBeGreaterThanOrEqual(8);
      // No turn holds the loop much past its budget: at most one item over it (and a little
      // for a busy machine).
      expect(longest).toBeLessThan(8 + itemMs + 20);
    }
  });

  it('is not due before its budget is spent, and starts a new turn after yielding', async () => {
    const turn = new TurnBudget(50);
    expect(turn.due()).toBe(false);
    busy(55);
    expect(turn.due()).toBe(true);
    await turn.next();
    expect(turn.due()).toBe(false);
  });

  it('reads the clock only at every 256th item with dueAt, and then as due() does', () => {
    const turn = new TurnBudget(5);
    busy(6);
    expect(turn.due()).toBe(true);
    const dueItems = Array.from({ length: 1024 }, (_, index) => index).filter((index) =>
      turn.dueAt(index),
    );
    expect(dueItems).toEqual([255, 511, 767, 1023]);
    expect(new TurnBudget(1000).dueAt(255)).toBe(false);
  });
});
