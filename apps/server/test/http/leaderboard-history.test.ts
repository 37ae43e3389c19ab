import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { board } from '../support/leaderboard.js';

const DAY_MS = 86_400_000;

/**
 * Two days of board history (issue 17: "every row says 新"): the demo photos are refitted on a
 * first day and again on the next, so yesterday's ranks exist and every row shows a change.
 */
describe.each(dialects)('rank changes across two days of refits on %s', (dialect) => {
  let app: TestApp;
  let category = 0;

  beforeAll(async () => {
    app = await createTestApp(dialect, { TZ_LEADERBOARD: 'Asia/Shanghai' });
    await app.services.demo.seedIfWanted(undefined, 12);
    await app.services.refit.refitAll();
    [category = 0] = await categoryIds(app);
  });
  afterAll(() => app.close());

  it('shows yesterday’s place for every photo that was on the board, 新 for none of them', async () => {
    const first = await board(app, { category_id: category, period_type: 'all' });
    expect(first.items.length).toBeGreaterThan(3);
    app.clock.advance(DAY_MS);
    await app.services.refit.refitAll();
    app.clock.advance(3000);
    const next = await board(app, { category_id: category, period_type: 'all' });
    const before = new Map(first.items.map((item) => [item.id, item.rank]));
    for (const item of next.items) {
      const was = before.get(item.id);
      if (was === undefined) continue;
      expect(item.rank_change, `photo ${item.id}`).toBe(was - item.rank);
    }
    expect(next.items.filter((item) => before.has(item.id)).length).toBeGreaterThan(3);
    // The first day had nothing to compare with; the next day compares with it.
    expect(first.changes_since).toBeNull();
    expect(next.changes_since).toBe('2026-11-21');
    // A day board lives one day: it never claims a change.
    const day = await board(app, { category_id: category, period_type: 'day' });
    expect(day.changes_since).toBeNull();
    expect(day.items.every((item) => item.rank_change === null)).toBe(true);
  });

  it('compares with the last day that had a refit when a day went by without one', async () => {
    const today = await board(app, { category_id: category, period_type: 'all' });
    // A day with no refit at all (the server was down), then a read the day after.
    app.clock.advance(2 * DAY_MS);
    const later = await board(app, { category_id: category, period_type: 'all' });
    expect(later.changes_since).toBe('2026-11-22');
    expect(later.items.map((item) => item.rank_change)).toEqual(
      today.items.map((item) => item.rank_change),
    );
  });
});
