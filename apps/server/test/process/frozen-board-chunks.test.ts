import type { LeaderboardEntry } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { countTurns } from '../support/event-loop.js';
import { signedIn } from '../support/identity.js';
import { board, shanghai } from '../support/leaderboard.js';

/**
 * A past period's board is frozen a chunk at a time (ADR 0010's amendment): a month of many
 * photos is read a page at a time, sorted a turn at a time and written in short transactions
 * under a header that no reader finds until the last entry is in. The test clock starts on
 * Saturday 2026-11-21 at 12:00 in Asia/Shanghai.
 */
describe.each(dialects)('a big board frozen in chunks on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  /** Photos of November (listed, with ties) and of October. */
  const november = 4600;
  const october = 700;

  beforeAll(async () => {
    app = await createTestApp(dialect, { TZ_LEADERBOARD: 'Asia/Shanghai' });
    [category = 0] = await categoryIds(app);
    const now = app.clock.now();
    const owner = (await signedIn(app, 'frozen-board-owner')).userInfo;
    const photo = (index: number, publishedAt: number) => ({
      user_id: owner.id,
      category_id: category,
      state: 'active' as const,
      width: 720,
      height: 960,
      placeholder: '#888888',
      display_key: `board/${index}.webp`,
      thumb_key: `board/${index}-thumb.webp`,
      phash: null,
      is_demo: 0,
      created_at: publishedAt,
      published_at: publishedAt,
      updated_at: now,
      // Forty distinct scores: every place is shared by many photos.
      current_score: 300 + (index % 40) * 10,
      provisional: 0,
      comparisons: 40 + (index % 7),
    });
    const rows = [
      ...Array.from({ length: november }, (_, index) =>
        photo(index, shanghai('2026-11-01T08:00:00') + index * 60_000),
      ),
      ...Array.from({ length: october }, (_, index) =>
        photo(november + index, shanghai('2026-10-05T08:00:00') + index * 60_000),
      ),
    ];
    for (let from = 0; from < rows.length; from += 500) {
      await app.db
        .insertInto('photos')
        .values(rows.slice(from, from + 500))
        .execute();
    }
  });
  afterAll(() => app.close());

  /** Every entry of a board, page by page. */
  async function wholeBoard(body: Record<string, unknown>) {
    const items: LeaderboardEntry[] = [];
    for (let page = 1; ; page++) {
      const answer = await board(app, { category_id: category, ...body, page, page_size: 100 });
      items.push(...answer.items);
      if (page >= answer.total_pages) return { answer, items };
    }
  }
  const placesOf = (items: readonly LeaderboardEntry[]) =>
    items.map((item) => `${item.id}:${item.rank}:${item.current_score}`);

  it('freezes a month of thousands of photos as its live board ranked them, turning the event loop meanwhile', async () => {
    const live = await wholeBoard({ period_type: 'month' });
    expect(live.answer.frozen).toBe(false);
    expect(live.items).toHaveLength(november);
    // Ties share the first place of their score.
    expect(live.items[1]?.rank).toBe(1);

    // December begins: the boundary job freezes November. Turns of the event loop are counted
    // while it does: in one statement and one transaction, SQLite's requests would get none.
    app.clock.advance(shanghai('2026-12-01T00:00:05') - app.clock.now());
    const turns = countTurns();
    expect(await app.services.leaderboards.freezeEndedPeriods()).toBeGreaterThan(0);
    expect(turns()).toBeGreaterThanOrEqual(20);

    const frozen = await wholeBoard({ period_type: 'month', period_date: '2026-11-01' });
    expect(frozen.answer.total_items).toBe(november);
    expect(placesOf(frozen.items)).toEqual(placesOf(live.items));
    const header = await app.db
      .selectFrom('leaderboard_snapshots')
      .selectAll()
      .where('category_id', '=', category)
      .where('period_type', '=', 'month')
      .where('period_start', '=', '2026-11-01')
      .executeTakeFirstOrThrow();
    expect(header).toMatchObject({ entries: november, complete: 1 });
  });

  it('never shows a half-written board, and writes again one a dead process left half written', async () => {
    // A process died while it froze October: a header not complete, and some of its entries.
    // Three minutes old: on PostgreSQL, older than any instance takes to write a board.
    const photos = await app.db
      .selectFrom('photos')
      .select('id')
      .where('published_at', '<', shanghai('2026-11-01T00:00:00'))
      .orderBy('id')
      .limit(3)
      .execute();
    const left = await app.db
      .insertInto('leaderboard_snapshots')
      .values({
        category_id: category,
        period_type: 'month',
        period_start: '2026-10-01',
        entries: october,
        frozen_at: app.clock.now() - 180_000,
        complete: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('leaderboard_snapshot_entries')
      .values(
        photos.map((photo, index) => ({
          snapshot_id: left.id,
          position: index + 1,
          photo_id: photo.id,
          rank: 99,
          score: 1,
          comparisons: 1,
          rank_change: null,
        })),
      )
      .execute();

    const frozen = await wholeBoard({ period_type: 'month', period_date: '2026-10-01' });
    expect(frozen.answer.frozen).toBe(true);
    expect(frozen.answer.total_items).toBe(october);
    expect(frozen.items[0]).toMatchObject({ rank: 1, current_score: 690 });
    expect(frozen.items.some((item) => item.rank === 99)).toBe(false);
    const headers = await app.db
      .selectFrom('leaderboard_snapshots')
      .select(['id', 'complete'])
      .where('category_id', '=', category)
      .where('period_start', '=', '2026-10-01')
      .execute();
    expect(headers).toHaveLength(1);
    expect(headers[0]?.complete).toBe(1);
    expect(headers[0]?.id).not.toBe(left.id);
    const orphans = await app.db
      .selectFrom('leaderboard_snapshot_entries')
      .select('position')
      .where('snapshot_id', '=', left.id)
      .execute();
    expect(orphans).toEqual([]);
  });

  it.runIf(dialect === 'postgres')(
    'waits for another instance writing the same board, and shows its board',
    async () => {
      // Another instance began the week of 2026-11-02 (photos were published in it) a moment
      // ago, and finishes it shortly with no entry: a board this instance would never write.
      const other = await app.db
        .insertInto('leaderboard_snapshots')
        .values({
          category_id: category,
          period_type: 'week',
          period_start: '2026-11-02',
          entries: 0,
          frozen_at: app.clock.now(),
          complete: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const reading = board(app, {
        category_id: category,
        period_type: 'week',
        period_date: '2026-11-02',
      });
      await new Promise((resolve) => setTimeout(resolve, 600));
      const unfinished = await app.db
        .selectFrom('leaderboard_snapshots')
        .select('complete')
        .where('id', '=', other.id)
        .executeTakeFirstOrThrow();
      expect(unfinished.complete).toBe(0);
      await app.db
        .updateTable('leaderboard_snapshots')
        .set({ complete: 1 })
        .where('id', '=', other.id)
        .execute();
      const answer = await reading;
      // Its board is the one shown.
      expect(answer).toMatchObject({ frozen: true, total_items: 0, items: [] });
      const headers = await app.db
        .selectFrom('leaderboard_snapshots')
        .select('id')
        .where('category_id', '=', category)
        .where('period_start', '=', '2026-11-02')
        .execute();
      expect(headers).toEqual([{ id: other.id }]);
    },
  );
});
