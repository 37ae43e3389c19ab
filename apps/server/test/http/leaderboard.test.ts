import { ErrorCode } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';
import {
  board,
  placePhoto,
  placeWeekOfPhotos,
  ranks,
  shanghai,
  type BoardPeople,
} from '../support/leaderboard.js';

/**
 * The test clock starts on Saturday 2026-11-21 at 12:00 in Asia/Shanghai (04:00 UTC): the ISO
 * week runs Monday 11-16 to Sunday 11-22, the month is November (photos: placeWeekOfPhotos).
 */
describe.each(dialects)('get_leaderboard on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let otherCategory = 0;
  let alice: BoardPeople['alice'];
  let bob: BoardPeople['bob'];
  let id: Record<string, number> = {};

  beforeAll(async () => {
    app = await createTestApp(dialect, { TZ_LEADERBOARD: 'Asia/Shanghai' });
    [category = 0, otherCategory = 0] = await categoryIds(app);
    ({ alice, bob, id } = await placeWeekOfPhotos(app, dialect, category, otherCategory));
  });
  afterAll(() => app.close());

  const expected = (...entries: [string, number][]) =>
    entries.map(([name, rank]) => `${id[name]}:${rank}`);
  /** The all-time board of the fixture: ties share a rank, the next rank skips. */
  const allTime = () =>
    expected(
      ['october990', 1],
      ['monday950', 2],
      ['today900', 3],
      ['today850a', 4],
      ['today850b', 4],
      ['today800', 6],
      ['sunday700', 7],
      ['november600', 8],
    );

  it('ranks the running day, week, month and all-time boards; ties share a rank', async () => {
    const day = await board(app, { category_id: category, period_type: 'day' });
    expect(ranks(day)).toEqual(
      expected(['today900', 1], ['today850a', 2], ['today850b', 2], ['today800', 4]),
    );
    expect(day).toMatchObject({
      period_type: 'day',
      period_start: '2026-11-21',
      period_end: '2026-11-21',
      starts_at: '2026-11-20T16:00:00.000Z',
      ends_at: '2026-11-21T16:00:00.000Z',
      frozen: false,
      frozen_at: null,
      time_zone: 'Asia/Shanghai',
      total_items: 4,
      total_pages: 1,
      current_page: 1,
      page_size: 20,
    });

    /** A running board's ranks and bounds. */
    const checkRunning = async (
      period_type: 'week' | 'month',
      bounds: { period_start: string; period_end: string },
      ...entries: [string, number][]
    ) => {
      const result = await board(app, { category_id: category, period_type });
      expect(ranks(result)).toEqual(expected(...entries));
      expect(result).toMatchObject(bounds);
    };
    const thisWeek: [string, number][] = [
      ['monday950', 1],
      ['today900', 2],
      ['today850a', 3],
      ['today850b', 3],
      ['today800', 5],
    ];
    await checkRunning(
      'week',
      { period_start: '2026-11-16', period_end: '2026-11-22' },
      ...thisWeek,
    );
    await checkRunning(
      'month',
      { period_start: '2026-11-01', period_end: '2026-11-30' },
      ...thisWeek,
      ['sunday700', 6],
      ['november600', 7],
    );

    const all = await board(app, { category_id: category, period_type: 'all' });
    expect(ranks(all)).toEqual(allTime());
    expect(all).toMatchObject({ period_start: null, period_end: null, frozen: false });
    const first = all.items[0];
    expect(first).toMatchObject({
      current_score: 990,
      comparisons: 40,
      owner_name: '小波',
      is_mine: false,
      rank_change: null,
    });
    expect(first?.image.url).toMatch(/^\/media\/p\/test-990-/);
  });

  it('accepts daily, weekly, monthly and total as aliases', async () => {
    for (const [alias, canonical] of [
      ['daily', 'day'],
      ['weekly', 'week'],
      ['monthly', 'month'],
      ['total', 'all'],
    ] as const) {
      const viaAlias = await board(app, { category_id: category, period_type: alias });
      const direct = await board(app, { category_id: category, period_type: canonical });
      expect(viaAlias.period_type).toBe(canonical);
      expect(ranks(viaAlias)).toEqual(ranks(direct));
    }
  });

  it('places the period boundaries at midnight in the time zone, across ISO week and month edges', async () => {
    const monday = await board(app, {
      category_id: category,
      period_type: 'day',
      period_date: '2026-11-16',
    });
    expect(ranks(monday)).toEqual(expected(['monday950', 1]));
    const sunday = await board(app, {
      category_id: category,
      period_type: 'day',
      period_date: '2026-11-15',
    });
    expect(ranks(sunday)).toEqual(expected(['sunday700', 1]));
    expect(sunday).toMatchObject({ starts_at: '2026-11-14T16:00:00.000Z', frozen: true });

    // Any day of a week names that week: Monday 11-16 is the running one.
    const runningWeek = await board(app, {
      category_id: category,
      period_type: 'week',
      period_date: '2026-11-16',
    });
    expect(runningWeek).toMatchObject({ period_start: '2026-11-16', frozen: false });
    const lastWeek = await board(app, {
      category_id: category,
      period_type: 'week',
      period_date: '2026-11-15',
    });
    expect(lastWeek).toMatchObject({
      period_start: '2026-11-09',
      period_end: '2026-11-15',
      frozen: true,
    });
    expect(ranks(lastWeek)).toEqual(expected(['sunday700', 1]));
    // The ISO week of Monday 10-26 to Sunday 11-01 holds photos of both months.
    const straddling = await board(app, {
      category_id: category,
      period_type: 'week',
      period_date: '2026-10-28',
    });
    expect(straddling).toMatchObject({ period_start: '2026-10-26', period_end: '2026-11-01' });
    expect(ranks(straddling)).toEqual(expected(['october990', 1], ['november600', 2]));
    const october = await board(app, {
      category_id: category,
      period_type: 'month',
      period_date: '2026-10-01',
    });
    expect(october).toMatchObject({ period_start: '2026-10-01', period_end: '2026-10-31' });
    expect(ranks(october)).toEqual(expected(['october990', 1]));
  });

  it('pages with totals, keeps ties across a page edge, and answers an empty page past the end', async () => {
    const pages = [];
    for (let page = 1; page <= 3; page += 1) {
      pages.push(
        await board(app, { category_id: category, period_type: 'all', page, page_size: 3 }),
      );
    }
    expect(pages.map((page) => [page.total_items, page.total_pages])).toEqual([
      [8, 3],
      [8, 3],
      [8, 3],
    ]);
    expect(pages.flatMap(ranks)).toEqual(allTime());
    const beyond = await board(app, { category_id: category, period_type: 'all', page: 9 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total_items).toBe(8);
  });

  it("gives the caller's own best entry with its rank and page, even off the page", async () => {
    const mine = await board(
      app,
      { category_id: category, period_type: 'all', page: 1, page_size: 2 },
      alice.headers,
    );
    expect(mine.items.map((item) => item.id)).not.toContain(id.november600);
    expect(mine.my_entry).toMatchObject({
      id: id.november600,
      rank: 8,
      owner_name: 'Alice',
      is_mine: true,
    });
    expect(mine.my_page).toBe(4);

    // Bob's best of several is his highest; his rows are marked as his.
    const bobs = await board(app, { category_id: category, period_type: 'week' }, bob.headers);
    expect(bobs.my_entry).toMatchObject({ id: id.monday950, rank: 1 });
    expect(bobs.my_page).toBe(1);
    expect(bobs.items.every((item) => item.is_mine)).toBe(true);

    // Alice has nothing on this week's board; an anonymous caller has no entry.
    const none = await board(app, { category_id: category, period_type: 'week' }, alice.headers);
    expect(none.my_entry).toBeNull();
    expect(none.my_page).toBeNull();
    const anonymous = await board(app, { category_id: category, period_type: 'all' });
    expect(anonymous.my_entry).toBeNull();
  });

  it('never shows provisional, hidden, removed or deleted photos, nor other categories', async () => {
    const all = await board(app, { category_id: category, period_type: 'all', page_size: 100 });
    const shown = new Set(all.items.map((item) => item.id));
    for (const name of ['provisional', 'hidden', 'removed', 'deleted']) {
      expect(shown.has(id[name] ?? 0), name).toBe(false);
    }
    expect(all.items.some((item) => item.current_score === 1000)).toBe(false);
  });

  it('shows the places gained since the previous day from the refit record', async () => {
    await app.db
      .insertInto('photo_score_days')
      .values([
        { photo_id: id.today900 ?? 0, day: '2026-11-20', score: 700, rank_all: 6, rank_week: 4 },
        { photo_id: id.monday950 ?? 0, day: '2026-11-20', score: 990, rank_all: 1, rank_week: 1 },
      ])
      .execute();
    const all = await board(app, { category_id: category, period_type: 'all' });
    const change = new Map(all.items.map((item) => [item.id, item.rank_change]));
    expect(change.get(id.today900 ?? 0)).toBe(3);
    expect(change.get(id.monday950 ?? 0)).toBe(-1);
    expect(change.get(id.october990 ?? 0)).toBeNull();
    const week = await board(app, { category_id: category, period_type: 'week' });
    expect(week.items.find((item) => item.id === id.today900)?.rank_change).toBe(2);
    // A day board did not exist the day before.
    const day = await board(app, { category_id: category, period_type: 'day' });
    expect(day.items.every((item) => item.rank_change === null)).toBe(true);
  });

  it('freezes a past week with the places each photo gained over its last day', async () => {
    const placed = async (score: number, publishedAt: string) =>
      placePhoto(app, {
        userId: bob.id,
        categoryId: category,
        score,
        publishedAt: shanghai(publishedAt),
      });
    // Monday 11-02 to Sunday 11-08, read for the first time here: its snapshot is written now.
    const first = await placed(640, '2026-11-03T09:00:00');
    const second = await placed(650, '2026-11-04T09:00:00');
    const third = await placed(640, '2026-11-05T09:00:00');
    await app.db
      .insertInto('photo_score_days')
      .values([
        { photo_id: first, day: '2026-11-07', score: 700, rank_all: 3, rank_week: 1 },
        { photo_id: second, day: '2026-11-07', score: 600, rank_all: 5, rank_week: 3 },
      ])
      .execute();
    const week = await board(app, {
      category_id: category,
      period_type: 'week',
      period_date: '2026-11-04',
    });
    expect(week).toMatchObject({ period_start: '2026-11-02', frozen: true });
    expect(week.items.map((item) => [item.id, item.rank, item.rank_change])).toEqual([
      [second, 1, 2],
      [first, 2, -1],
      [third, 2, null],
    ]);
  });

  it('refuses an unknown category, a bad period, a future date and an oversized page', async () => {
    const refused = async (body: Record<string, unknown>) =>
      (await app.call('get_leaderboard', body)).code;
    expect(await refused({ category_id: 999_999, period_type: 'all' })).toBe(
      ErrorCode.CATEGORY_NOT_FOUND,
    );
    expect(await refused({ category_id: category, period_type: 'yearly' })).toBe(
      ErrorCode.VALIDATION_FAILED,
    );
    // Tomorrow (11-22) is answered (DESIGN §8: dates after tomorrow are refused).
    expect(
      await refused({ category_id: category, period_type: 'day', period_date: '2026-11-23' }),
    ).toBe(ErrorCode.VALIDATION_FAILED);
    expect(
      await refused({ category_id: category, period_type: 'day', period_date: '2026-13-01' }),
    ).toBe(ErrorCode.VALIDATION_FAILED);
    expect(await refused({ category_id: category, page_size: 101 })).toBe(
      ErrorCode.VALIDATION_FAILED,
    );
    expect(await refused({ category_id: category, page: 0 })).toBe(ErrorCode.VALIDATION_FAILED);
    // The spec's defaults: page 1, size 20; a null date is the running period.
    const defaults = await board(app, {
      category_id: String(category),
      period_type: 'all',
      period_date: null,
    });
    expect(defaults).toMatchObject({ current_page: 1, page_size: 20 });
  });

  it('sees a score change within the cache time, never on a frozen board', async () => {
    const lastWeek = { category_id: category, period_type: 'week', period_date: '2026-11-15' };
    const frozenBefore = await board(app, lastWeek);
    const running = { category_id: category, period_type: 'month' };
    const rankBefore = (await board(app, running)).items.find((item) => item.id === id.sunday700);
    await app.db
      .updateTable('photos')
      .set({ current_score: 980, updated_at: app.clock.now() })
      .where('id', '=', id.sunday700 ?? 0)
      .execute();
    app.clock.advance(100);
    // Within the cache time the board may still answer the old order (each entry shows its
    // photo's own score, read with the page)…
    const stale = await board(app, running);
    expect(stale.items.find((item) => item.id === id.sunday700)?.rank).toBe(rankBefore?.rank);
    // …and a few seconds later it has it.
    app.clock.advance(3000);
    const fresh = await board(app, running);
    expect(fresh.items[0]).toMatchObject({ id: id.sunday700, rank: 1, current_score: 980 });
    expect(await board(app, lastWeek)).toEqual(frozenBefore);
  });

  it('drops a photo that disappears at once and keeps the totals right', async () => {
    const before = await board(app, { category_id: category, period_type: 'all' });
    await app.db
      .deleteFrom('photos')
      .where('id', '=', id.today800 ?? 0)
      .execute();
    const after = await board(app, { category_id: category, period_type: 'all' });
    expect(after.items.map((item) => item.id)).not.toContain(id.today800);
    expect(after.total_items).toBe(before.total_items - 1);
  });

  it('freezes a period once it ends: later changes never reach it', async () => {
    // Midnight passes: Saturday's board is now a past period.
    app.clock.advance(shanghai('2026-11-22T00:00:05') - app.clock.now());
    const saturday = { category_id: category, period_type: 'day', period_date: '2026-11-21' };
    const frozen = await board(app, saturday, bob.headers);
    expect(frozen.frozen).toBe(true);
    expect(frozen.frozen_at).not.toBeNull();
    expect(frozen.my_entry).toMatchObject({ id: id.today900, rank: 1, is_mine: true });
    const today = await board(app, { category_id: category, period_type: 'day' });
    expect(today).toMatchObject({ period_start: '2026-11-22', total_items: 0, items: [] });

    await app.db
      .updateTable('photos')
      .set({ current_score: 100, updated_at: app.clock.now() })
      .where('id', '=', id.today900 ?? 0)
      .execute();
    app.clock.advance(60_000);
    expect(await board(app, saturday, bob.headers)).toEqual(frozen);
    const all = await board(app, { category_id: category, period_type: 'all', page_size: 100 });
    expect(all.items.at(-1)).toMatchObject({ id: id.today900, current_score: 100 });
  });

  it('freezes the period that just ended for every category at the boundary job', async () => {
    const frozen = await app.services.leaderboards.freezeEndedPeriods();
    // Saturday's day board is frozen already; last week's too; October's month is frozen; the
    // other categories' boards of those periods are frozen now.
    expect(frozen).toBeGreaterThan(0);
    expect(await app.services.leaderboards.freezeEndedPeriods()).toBe(0);
    const snapshots = await app.db
      .selectFrom('leaderboard_snapshots')
      .select(['category_id', 'period_type', 'period_start'])
      .where('category_id', '=', otherCategory)
      .execute();
    expect(snapshots.map((row) => `${row.period_type}:${row.period_start}`).sort()).toEqual([
      'day:2026-11-21',
      'month:2026-10-01',
      'week:2026-11-09',
    ]);
  });
});
