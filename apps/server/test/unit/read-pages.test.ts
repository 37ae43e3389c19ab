import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  READ_CHUNK,
  readByIds,
  readPacer,
  readPages,
  SQLITE_CHUNK_BUDGET_MS,
} from '../../src/workers/chunk-pacer.js';

/** A table of rows with ids 1..count, whose reads cost `costOf(id)` ms a row on a fake clock. */
function table(count: number, costOf: (id: number) => number) {
  const pages: { rows: number; ms: number }[] = [];
  const charge = (ids: readonly number[]) => {
    const ms = ids.reduce((sum, id) => sum + costOf(id), 0);
    vi.advanceTimersByTime(ms);
    pages.push({ rows: ids.length, ms });
  };
  return {
    pages,
    after: (after: number, limit: number) => {
      const rows: { id: number }[] = [];
      for (let id = after + 1; id <= count && rows.length < limit; id++) rows.push({ id });
      charge(rows.map((row) => row.id));
      return Promise.resolve(rows);
    },
    byIds: (ids: readonly number[]) => {
      charge(ids);
      return Promise.resolve(ids.filter((id) => id <= count).map((id) => ({ id })));
    },
  };
}

describe('a refit read in pages sized by their time', () => {
  beforeEach(() => {
    // Only the clock: the turns between pages (setImmediate) are real.
    vi.useFakeTimers({ toFake: ['performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('on SQLite, shrinks its pages when rows grow dear, and reads every row once, in order', async () => {
    // 0.001 ms a row, then ten times that after id 32,000 (a checkpoint beside the read).
    const votes = table(60_000, (id) => (id <= 32_000 ? 0.001 : 0.01));
    const seen: number[] = [];
    const last = await readPages(readPacer({ rowLocks: false }), 0, votes.after, (rows) => {
      for (const row of rows) seen.push(row.id);
    });
    expect(last).toBe(60_000);
    expect(seen).toEqual(Array.from({ length: 60_000 }, (_, index) => index + 1));
    // The first page is small; the cheap rows' pages grow to the ceiling.
    expect(votes.pages[0]?.rows).toBe(1000);
    expect(Math.max(...votes.pages.map((page) => page.rows))).toBe(READ_CHUNK);
    // Only the page that met the dear rows first ran over the budget; the ones after shrank.
    const over = votes.pages.filter((page) => page.ms > SQLITE_CHUNK_BUDGET_MS + 1e-9);
    expect(over.length).toBe(1);
    expect(votes.pages.at(-2)?.rows).toBe(Math.round(SQLITE_CHUNK_BUDGET_MS / 0.01));
  });

  it('on PostgreSQL, reads fixed pages whatever they cost (the statement runs elsewhere)', async () => {
    const votes = table(12_000, () => 0.05);
    const last = await readPages(readPacer({ rowLocks: true }), 0, votes.after, () => undefined);
    expect(last).toBe(12_000);
    expect(votes.pages.map((page) => page.rows)).toEqual([READ_CHUNK, READ_CHUNK, 2000]);
  });

  it('answers where it started when nothing follows, and stops at a short page', async () => {
    const votes = table(100, () => 0.001);
    expect(await readPages(readPacer({ rowLocks: false }), 100, votes.after, () => undefined)).toBe(
      100,
    );
    expect(votes.pages).toEqual([{ rows: 0, ms: 0 }]);
    expect(await readPages(readPacer({ rowLocks: false }), 40, votes.after, () => undefined)).toBe(
      100,
    );
    expect(votes.pages.at(-1)?.rows).toBe(60);
  });

  it('reads rows by id a page of ids at a time, every id once, pages sized by their time', async () => {
    const photos = table(50_000, () => 0.02);
    const ids = Float64Array.from({ length: 20_000 }, (_, index) => 1 + index * 3);
    const asked: number[] = [];
    const found: number[] = [];
    await readByIds(readPacer({ rowLocks: false }), ids, photos.byIds, (rows, page) => {
      asked.push(...page);
      for (const row of rows) found.push(row.id);
    });
    expect(asked).toEqual([...ids]);
    // Ids past the table's end are asked for and not found.
    expect(found).toEqual([...ids].filter((id) => id <= 50_000));
    // 0.02 ms an id: 400 ids a page once measured (the first page, of 1,000, ran over).
    expect(photos.pages[0]?.rows).toBe(1000);
    expect(photos.pages.slice(1, -1).every((page) => page.rows === 400)).toBe(true);
  });
});
