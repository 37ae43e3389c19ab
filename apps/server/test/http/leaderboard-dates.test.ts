import { ErrorCode, validationErrorDataSchema } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { board, placePhoto, shanghai, signIn } from '../support/leaderboard.js';

/**
 * Issue 14: `period_date` is bounded (DESIGN §8) — nothing before the period of the product's
 * first photo (never before 2000-01-01), nothing after tomorrow in the board's zone — and no
 * request makes the server write a snapshot for a period that had no photos. The test clock is
 * Saturday 2026-11-21 12:00 in Asia/Shanghai; the first photo is from Wednesday 2026-10-07.
 */
describe.each(dialects)('period_date range on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let otherCategory = 0;

  const snapshotRows = async () =>
    Number(
      (
        await app.db
          .selectFrom('leaderboard_snapshots')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    app = await createTestApp(dialect, { TZ_LEADERBOARD: 'Asia/Shanghai' });
    [category = 0, otherCategory = 0] = await categoryIds(app);
    const owner = await signIn(app, `dates-${dialect}`, 'Dates');
    for (const at of ['2026-10-07T09:00:00', '2026-11-12T09:00:00', '2026-11-21T09:00:00']) {
      await placePhoto(app, {
        userId: owner.id,
        categoryId: category,
        score: 700,
        publishedAt: shanghai(at),
      });
    }
  });
  afterAll(() => app.close());

  const refusal = async (body: Record<string, unknown>, language = 'en') => {
    const answer = await app.call('get_leaderboard', body, { 'accept-language': language });
    return {
      code: answer.code,
      msg: answer.msg,
      status: answer.status,
      field: answer.data === null ? null : validationErrorDataSchema.parse(answer.data).field,
    };
  };

  it('refuses every day issue 14 named at once, naming period_date and the range', async () => {
    const before = await snapshotRows();
    const started = performance.now();
    for (const [periodType, periodDate] of [
      ['day', '0100-01-01'],
      ['day', '0999-12-31'],
      ['day', '0000-01-01'],
      ['month', '0050-06-15'],
      ['week', '1000-01-01'],
      ['day', '1999-12-31'],
      ['day', '2026-10-06'],
      ['day', '2026-11-23'],
      ['week', '9999-12-31'],
      ['all', '0001-01-01'],
    ]) {
      const answer = await refusal({
        category_id: category,
        period_type: periodType,
        period_date: periodDate,
      });
      expect(answer, `${periodType} ${periodDate}`).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        status: 200,
        field: 'period_date',
      });
      expect(answer.msg).toMatch(/^period_date must be between \d{4}-\d{2}-\d{2} and 2026-11-22$/);
    }
    expect(performance.now() - started).toBeLessThan(5000);
    const zh = await refusal(
      { category_id: category, period_type: 'day', period_date: '0100-01-01' },
      'zh-CN',
    );
    expect(zh.msg).toBe('period_date 须在 2026-10-07 至 2026-11-22 之间');
    expect(await snapshotRows()).toBe(before);
  });

  it('starts the range at the period holding the first photo and says so on every board', async () => {
    const range = async (period_type: string) => {
      const answer = await board(app, { category_id: category, period_type });
      return `${answer.earliest_date}..${answer.latest_date}`;
    };
    expect(await range('day')).toBe('2026-10-07..2026-11-22');
    expect(await range('week')).toBe('2026-10-05..2026-11-22');
    expect(await range('month')).toBe('2026-10-01..2026-11-22');
    expect(await range('all')).toBe('2026-10-07..2026-11-22');
    // The first day of the week and of the month holding the first photo are accepted.
    const week = await board(app, {
      category_id: category,
      period_type: 'week',
      period_date: '2026-10-05',
    });
    expect(week).toMatchObject({ period_start: '2026-10-05', frozen: true, total_items: 1 });
    const month = await board(app, {
      category_id: category,
      period_type: 'month',
      period_date: '2026-10-01',
    });
    expect(month).toMatchObject({ period_start: '2026-10-01', frozen: true, total_items: 1 });
  });

  it('answers tomorrow (a phone east of the zone) with a board that has not begun', async () => {
    const before = await snapshotRows();
    const tomorrow = await board(app, {
      category_id: category,
      period_type: 'day',
      period_date: '2026-11-22',
    });
    expect(tomorrow).toMatchObject({
      period_start: '2026-11-22',
      frozen: false,
      frozen_at: null,
      total_items: 0,
      items: [],
      my_entry: null,
    });
    // Tomorrow is still this week and this month: their running boards.
    const week = await board(app, {
      category_id: category,
      period_type: 'week',
      period_date: '2026-11-22',
    });
    expect(week).toMatchObject({ period_start: '2026-11-16', frozen: false, total_items: 1 });
    expect(await snapshotRows()).toBe(before);
  });

  it('writes no snapshot for a past period without photos, and answers it empty and final', async () => {
    const before = await snapshotRows();
    for (let day = 8; day <= 30; day += 1) {
      const periodDate = `2026-10-${String(day).padStart(2, '0')}`;
      const empty = await board(app, {
        category_id: category,
        period_type: 'day',
        period_date: periodDate,
      });
      expect(empty).toMatchObject({ frozen: true, total_items: 0, items: [] });
      expect(empty.frozen_at).toBe(empty.ends_at);
      const other = await board(app, {
        category_id: otherCategory,
        period_type: 'week',
        period_date: periodDate,
      });
      expect(other).toMatchObject({ frozen: true, total_items: 0 });
    }
    expect(await snapshotRows()).toBe(before);
    // A past day with a photo is frozen once, as before.
    const withPhoto = await board(app, {
      category_id: category,
      period_type: 'day',
      period_date: '2026-11-12',
    });
    expect(withPhoto).toMatchObject({ frozen: true, total_items: 1 });
    expect(await snapshotRows()).toBe(before + 1);
    await board(app, { category_id: category, period_type: 'day', period_date: '2026-11-12' });
    expect(await snapshotRows()).toBe(before + 1);
  });

  it('bounds gen_share_image the same way', async () => {
    const sharer = await signIn(app, `dates-sharer-${dialect}`, 'Sharer');
    await placePhoto(app, {
      userId: sharer.id,
      categoryId: category,
      score: 650,
      publishedAt: shanghai('2026-11-21T10:00:00'),
    });
    for (const [periodType, periodDate] of [
      ['day', '0100-01-01'],
      ['month', '0050-06-15'],
      ['week', '1000-01-01'],
      ['day', '2026-11-23'],
    ]) {
      const answer = await app.call(
        'gen_share_image',
        { period_type: periodType, period_date: periodDate, lang: 'en' },
        { ...sharer.headers, 'accept-language': 'en' },
      );
      expect(answer.code, `${periodType} ${periodDate}`).toBe(ErrorCode.VALIDATION_FAILED);
      expect(answer.msg).toMatch(/^period_date must be between /);
    }
  });
});
