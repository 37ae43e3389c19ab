import { describe, expect, it } from 'vitest';
import {
  addDays,
  currentPeriod,
  periodOf,
  rankInOrder,
  ScoreBoard,
  startOfDay,
} from '../../src/domain/leaderboard/index.js';

describe('leaderboard periods', () => {
  it('starts a day at local midnight in the configured zone', () => {
    expect(new Date(startOfDay('2026-11-21', 'Asia/Shanghai')).toISOString()).toBe(
      '2026-11-20T16:00:00.000Z',
    );
    expect(new Date(startOfDay('2026-11-21', 'UTC')).toISOString()).toBe(
      '2026-11-21T00:00:00.000Z',
    );
    // Daylight saving in New York: the day after the spring change is 23 hours from its start.
    const march8 = startOfDay('2026-03-08', 'America/New_York');
    const march9 = startOfDay('2026-03-09', 'America/New_York');
    expect(new Date(march8).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(march9 - march8).toBe(23 * 3600_000);
    const november2 = startOfDay('2026-11-02', 'America/New_York');
    expect(november2 - startOfDay('2026-11-01', 'America/New_York')).toBe(25 * 3600_000);
  });

  it('uses ISO weeks (Monday to Sunday), across a year edge', () => {
    expect(periodOf('week', '2026-11-21', 'UTC')).toMatchObject({
      start: '2026-11-16',
      end: '2026-11-22',
      key: 'week:2026-11-16',
    });
    expect(periodOf('week', '2026-11-16', 'UTC').start).toBe('2026-11-16');
    expect(periodOf('week', '2026-11-22', 'UTC').start).toBe('2026-11-16');
    // 2027-01-01 is a Friday: its ISO week began on Monday 2026-12-28.
    expect(periodOf('week', '2027-01-01', 'UTC')).toMatchObject({
      start: '2026-12-28',
      end: '2027-01-03',
    });
  });

  it('knows month lengths, leap years included', () => {
    expect(periodOf('month', '2028-02-10', 'UTC')).toMatchObject({
      start: '2028-02-01',
      end: '2028-02-29',
    });
    expect(periodOf('month', '2026-02-10', 'UTC').end).toBe('2026-02-28');
    expect(periodOf('month', '2026-12-31', 'UTC').end).toBe('2026-12-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('takes the running period from an instant in the zone, not in UTC', () => {
    // 2026-11-30 20:00 UTC is already 12-01 in Shanghai.
    const instant = Date.UTC(2026, 10, 30, 20, 0, 0);
    expect(currentPeriod('month', instant, 'Asia/Shanghai').start).toBe('2026-12-01');
    expect(currentPeriod('month', instant, 'UTC').start).toBe('2026-11-01');
    expect(currentPeriod('all', instant, 'UTC')).toMatchObject({ key: 'all', start: null });
  });
});

describe('ScoreBoard', () => {
  /** A small deterministic generator so a failure can be replayed. */
  function generator(seed: number) {
    let state = seed;
    return (below: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % below;
    };
  }

  it('agrees with a sorted list through random inserts, moves and removals', () => {
    const random = generator(7);
    const board = new ScoreBoard();
    const truth = new Map<number, number>();
    for (let step = 0; step < 4000; step += 1) {
      const id = 1 + random(600);
      if (random(5) === 0) {
        board.delete(id);
        truth.delete(id);
      } else {
        // Few distinct scores, so ties are common.
        const score = 100 + 10 * random(91);
        board.set(id, score);
        truth.set(id, score);
      }
      if (step % 400 === 0) board.load([]);
    }
    const expected = rankInOrder([...truth].map(([id, score]) => ({ id, score })));
    expect(board.size).toBe(expected.length);
    expect(board.slice(0, expected.length)).toEqual(
      expected.map((item, position) => ({ ...item, position })),
    );
    for (const offset of [0, 1, 37, expected.length - 3]) {
      expect(board.slice(offset, 5)).toEqual(
        expected.slice(offset, offset + 5).map((item, index) => ({
          ...item,
          position: offset + index,
        })),
      );
    }
    for (const [position, item] of expected.entries()) {
      expect(board.placementOf(item.id)).toEqual({ ...item, position });
      expect(board.rankOfScore(item.score)).toBe(item.rank);
    }
    expect(board.placementOf(10_000)).toBeNull();
    expect(board.slice(expected.length, 5)).toEqual([]);
  });

  it('loads in bulk to the same order as one by one', () => {
    const entries = Array.from({ length: 300 }, (_, index) => ({
      id: 1000 - index,
      score: 100 + ((index * 37) % 900),
    }));
    const bulk = new ScoreBoard();
    bulk.load(entries);
    const single = new ScoreBoard();
    for (const entry of entries) single.set(entry.id, entry.score);
    expect(bulk.slice(0, 300)).toEqual(single.slice(0, 300));
  });

  it('keeps a bucket in id order when a later append lands below ids loaded in order', () => {
    const board = new ScoreBoard();
    // A load in id order, all on one score, then (a second load step) lower ids on it.
    for (const id of [10, 20, 30]) board.append(id, 500);
    board.seal();
    for (const id of [25, 5]) board.append(id, 500);
    board.seal();
    expect(board.slice(0, 5).map((item) => item.id)).toEqual([5, 10, 20, 25, 30]);
    expect(board.placementOf(25)).toMatchObject({ position: 3, rank: 1 });
  });
});
