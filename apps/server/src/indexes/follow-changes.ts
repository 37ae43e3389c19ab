import { yieldToEventLoop } from '../lib/event-loop.js';
import type { RefitIncrement } from '../repositories/refit-increment.repository.js';

/**
 * Changes read per query: a page holds the event loop only so long on SQLite (2,000 rows of an
 * incremental refit, read and applied, held it 20–30 ms).
 */
const PAGE = 500;
/**
 * A look that finds more changes than this, or than half the category, has the category
 * reloaded instead: an incremental refit (ADR 0029) writes the photos its votes named, tens of
 * thousands at a time, which a look reads page by page, while a reload reads the whole category.
 */
const CHANGES_PER_LOOK = 20_000;
/** A look re-reads this much history, so a write committed a little late is not missed. */
const OVERLAP_MS = 2000;

/** Where a process's copy of a category stands among the writes of other processes. */
export interface ChangePosition {
  /** The newest `updated_at` applied (at a load: the newest write when it began). */
  cursor: number;
  /** The newest incremental refit whose photos were applied (RefitIncrementRepository). */
  increment: number;
}

/** Where a category's changes are read, each query for one category. */
export interface ChangeSource<Row> {
  /** The category's incremental refits after an id, oldest first. */
  increments(afterId: number): Promise<RefitIncrement[]>;
  /** The rows of photos an increment listed. */
  rowsOf(ids: readonly number[]): Promise<Row[]>;
  /** Rows written after (`since`, `afterId`), ordered by `updated_at` then id. */
  changedSince(
    since: number,
    afterId: number,
    limit: number,
  ): Promise<(Row & { id: number; updated_at: number })[]>;
}

export interface FollowOptions<Row> {
  source: ChangeSource<Row>;
  /** Moved as changes are applied: a later look starts where this one ended. */
  position: ChangePosition;
  /** Applies a row; a look re-reads its overlap, so the same row may come twice. */
  apply: (row: Row) => void;
  /** The category's size in memory: a look of more than half of it reloads instead. */
  size: number;
  /** Called before every yield between pages: readers waiting go on with what is applied. */
  onPage: () => void;
}

/**
 * Applies what other processes wrote to a category since `position`: first the photos of
 * incremental refits (read again by id, since an increment leaves `updated_at` alone), then the
 * photos whose `updated_at` moved (votes, uploads, boosts, deletions). Pages yield to the event
 * loop. Resolves `reload` when there was more to read than a reload of the category costs; the
 * position then stands where the reading stopped, and the caller reloads.
 */
export async function followChanges<Row>(
  options: FollowOptions<Row>,
): Promise<'current' | 'reload'> {
  const { source, position, apply, onPage } = options;
  const most = Math.max(CHANGES_PER_LOOK, options.size / 2);
  let read = 0;
  for (const increment of await source.increments(position.increment)) {
    if (read + increment.photoIds.length >= most) return 'reload';
    for (let from = 0; from < increment.photoIds.length; from += PAGE) {
      for (const row of await source.rowsOf(increment.photoIds.slice(from, from + PAGE))) {
        apply(row);
      }
      onPage();
      await yieldToEventLoop();
    }
    read += increment.photoIds.length;
    position.increment = increment.id;
  }
  for (let at = position.cursor - OVERLAP_MS, afterId = 0; ;) {
    const changes = await source.changedSince(at, afterId, PAGE);
    for (const row of changes) {
      apply(row);
      position.cursor = Math.max(position.cursor, row.updated_at);
    }
    read += changes.length;
    const last = changes.at(-1);
    if (last === undefined || changes.length < PAGE) return 'current';
    if (read >= most) return 'reload';
    onPage();
    at = last.updated_at;
    afterId = last.id;
    await yieldToEventLoop();
  }
}
