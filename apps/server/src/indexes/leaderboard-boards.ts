import type { PeriodType } from '@yanzhi/contract';
import type { Clock } from '../domain/clock.js';
import {
  boardStanding,
  currentPeriod,
  ScoreBoard,
  type BoundedPeriodType,
  type Period,
} from '../domain/leaderboard/index.js';
import type { Metrics } from '../lib/metrics.js';
import type { BoardMemberRow } from '../repositories/leaderboard.repository.js';
import { refitStampKey } from '../repositories/settings.repository.js';
import type { Store } from '../repositories/store.js';
import { yieldToEventLoop } from '../lib/event-loop.js';
import { followChanges, type ChangePosition } from './follow-changes.js';

/** The period types whose boards run and then freeze. */
export const BOUNDED_TYPES: readonly BoundedPeriodType[] = ['day', 'week', 'month'];

/** Ignores how a promise settled (its failure reached whoever awaited it). */
const settled = () => undefined;
/** Photos read per statement when a process loads a category's boards. */
const LOAD_CHUNK = 2000;

/** A category's running boards in this process: all-time plus the current day, week, month. */
export class CategoryBoards implements ChangePosition {
  readonly all = new ScoreBoard();
  readonly periods = new Map<BoundedPeriodType, { period: Period; board: ScoreBoard }>();
  /** Clock time of the last look for changes. */
  syncedAt = 0;
  /** The newest `updated_at` applied (at a load: the newest write when it began). */
  cursor = 0;
  /** The newest incremental refit whose photos were applied (RefitIncrementRepository). */
  increment = 0;
  /** The category's photos read at the load, on the boards or not (provisional ones). */
  photos = 0;

  /**
   * `referenceMus`: the category's yardstick as of the refit the boards were loaded after; a
   * provisional photo's range (its place) is read against it until the next refit reloads.
   */
  constructor(
    readonly refitStamp: string | undefined,
    readonly referenceMus: readonly number[],
  ) {}

  board(type: PeriodType): ScoreBoard | undefined {
    return type === 'all' ? this.all : this.periods.get(type)?.board;
  }

  /**
   * Applies a photo's current row to every running board, ordered by its standing's key (the
   * score, or a provisional photo's cautious low end).
   */
  apply(row: BoardMemberRow): void {
    const standing = boardStanding(row, this.referenceMus);
    if (standing) this.all.set(row.id, standing.key);
    else this.all.delete(row.id);
    for (const { period, board } of this.periods.values()) {
      if (standing && inPeriod(period, row.published_at)) board.set(row.id, standing.key);
      else board.delete(row.id);
    }
  }

  /** Adds a photo during a load (boards sealed afterwards). */
  private append(row: BoardMemberRow): void {
    const standing = boardStanding(row, this.referenceMus);
    if (!standing) return;
    this.all.append(row.id, standing.key);
    for (const { period, board } of this.periods.values()) {
      if (inPeriod(period, row.published_at)) board.append(row.id, standing.key);
    }
  }

  /** Loads rows in bulk: `seal()` must follow. */
  appendAll(rows: readonly BoardMemberRow[]): void {
    for (const row of rows) this.append(row);
    this.photos += rows.length;
  }

  seal(): void {
    this.all.seal();
    for (const { board } of this.periods.values()) board.seal();
  }

  forget(photoId: number): void {
    this.all.delete(photoId);
    for (const { board } of this.periods.values()) board.delete(photoId);
  }
}

function inPeriod(period: Period, at: number): boolean {
  return (
    period.startsAt !== null &&
    period.endsAt !== null &&
    at >= period.startsAt &&
    at < period.endsAt
  );
}

/**
 * The running leaderboards this process keeps in memory (DESIGN §8), per category: loaded once
 * from the database and brought up to date from the photos changed since (at most `cacheMs`
 * stale), so any page, the caller's rank and the totals cost no scan.
 */
export class RunningBoards {
  /** Boards ready to answer. */
  private readonly ready = new Map<number, CategoryBoards>();
  /** Loads in flight; meanwhile the previous boards (if any) keep answering. */
  private readonly loading = new Map<number, Promise<CategoryBoards>>();
  private readonly refreshing = new Map<number, Promise<void>>();

  constructor(
    private readonly store: Store<'leaderboards' | 'photos' | 'refitIncrements' | 'settings'>,
    private readonly clock: Clock,
    private readonly options: { timeZone: string; cacheMs: number },
    private readonly metrics: Metrics,
  ) {}

  /** The category's running boards, brought up to date when older than the cache time. */
  async fresh(categoryId: number): Promise<CategoryBoards> {
    const boards = this.ready.get(categoryId);
    if (!boards) return this.startLoad(categoryId);
    // While a reload runs (after a refit), the previous boards answer: no reader waits for it.
    if (this.loading.has(categoryId)) return boards;
    if (this.clock.now() - boards.syncedAt < this.options.cacheMs) return boards;
    // A refresh under way (pages of many changes) does not hold this reader up.
    if (this.refreshing.has(categoryId)) return boards;
    let firstPage: () => void = settled;
    const read = new Promise<void>((resolve) => (firstPage = resolve));
    const refresh = this.refresh(categoryId, boards, firstPage);
    this.refreshing.set(
      categoryId,
      refresh.then(settled, settled).finally(() => this.refreshing.delete(categoryId)),
    );
    // The reader waits for the refresh, or for its first page when more follow, and sees its
    // failure if it fails before.
    await Promise.race([read, refresh]);
    return boards;
  }

  private startLoad(categoryId: number): Promise<CategoryBoards> {
    let loading = this.loading.get(categoryId);
    if (!loading) {
      const started = performance.now();
      loading = this.load(categoryId)
        .then((boards) => {
          this.metrics.boardLoaded((performance.now() - started) / 1000);
          this.ready.set(categoryId, boards);
          return boards;
        })
        .finally(() => this.loading.delete(categoryId));
      this.loading.set(categoryId, loading);
    }
    return loading;
  }

  /**
   * Reads the category in chunks of ids, yielding between them, so a large category never
   * holds the event loop (SQLite answers synchronously) for more than one chunk.
   */
  private async load(categoryId: number): Promise<CategoryBoards> {
    const now = this.clock.now();
    const repository = this.store.repos.leaderboards;
    const stamp = await this.store.repos.settings.get(refitStampKey(categoryId));
    const watermark = await this.store.repos.photos.latestUpdate(categoryId);
    const increment = await this.store.repos.refitIncrements.latest(categoryId);
    const boards = new CategoryBoards(stamp, await repository.referenceMus(categoryId));
    for (const type of BOUNDED_TYPES) {
      boards.periods.set(type, {
        period: currentPeriod(type, now, this.options.timeZone),
        board: new ScoreBoard(),
      });
    }
    for (let after = 0; ;) {
      const rows = await repository.photosAfter(categoryId, after, LOAD_CHUNK);
      boards.appendAll(rows);
      const last = rows.at(-1);
      if (rows.length < LOAD_CHUNK || !last) break;
      after = last.id;
      await yieldToEventLoop();
    }
    boards.seal();
    boards.cursor = watermark;
    boards.increment = increment;
    boards.syncedAt = now;
    return boards;
  }

  /** Applies the photos written since the last look; starts a reload after a refit. */
  private async refresh(
    categoryId: number,
    boards: CategoryBoards,
    firstPage: () => void,
  ): Promise<CategoryBoards> {
    const now = this.clock.now();
    const stamp = await this.store.repos.settings.get(refitStampKey(categoryId));
    if (stamp !== boards.refitStamp) return this.reloadInBackground(categoryId, boards);
    const repository = this.store.repos.leaderboards;
    const found = await followChanges({
      source: {
        increments: (afterId) => this.store.repos.refitIncrements.after(categoryId, afterId),
        rowsOf: (ids) => repository.rowsOf(categoryId, ids),
        changedSince: (since, afterId, limit) =>
          repository.changedSince(categoryId, since, afterId, limit),
      },
      position: boards,
      apply: (row) => {
        boards.apply(row);
      },
      // The category, not the board: while most photos are provisional the board is small, and
      // an increment's 38,000 changes reloaded 200,000 photos (ADR 0029).
      size: Math.max(boards.all.size, boards.photos),
      onPage: firstPage,
    });
    if (found === 'reload') return this.reloadInBackground(categoryId, boards);
    // A new day, week or month starts a board of its own.
    for (const type of BOUNDED_TYPES) {
      const period = currentPeriod(type, now, this.options.timeZone);
      if (boards.periods.get(type)?.period.key === period.key) continue;
      const board = new ScoreBoard();
      const members = await repository.periodPhotos(
        categoryId,
        period.startsAt ?? 0,
        period.endsAt ?? 0,
      );
      const placed = members.flatMap((row) => {
        const standing = boardStanding(row, boards.referenceMus);
        return standing ? [{ id: row.id, score: standing.key }] : [];
      });
      board.load(placed);
      boards.periods.set(type, { period, board });
    }
    boards.syncedAt = now;
    return boards;
  }

  /** Starts loading the category afresh and answers from the current boards meanwhile. */
  private reloadInBackground(categoryId: number, boards: CategoryBoards): CategoryBoards {
    // A failed reload leaves the current boards answering; the next stale read tries again.
    this.startLoad(categoryId).catch(() => undefined);
    return boards;
  }
}
