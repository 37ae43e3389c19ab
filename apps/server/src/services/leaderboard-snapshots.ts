import type { PeriodType } from '@yanzhi/contract';
import type { Clock } from '../domain/clock.js';
import {
  addDays,
  boardStanding,
  type BoardStanding,
  type BoundedPeriodType,
  type Period,
} from '../domain/leaderboard/index.js';
import { sortInTurns, yieldToEventLoop } from '../lib/event-loop.js';
import type {
  BoardMemberRow,
  FrozenEntryRow,
  RankColumn,
  SnapshotEntryRow,
  SnapshotRow,
} from '../repositories/leaderboard.repository.js';
import { isUniqueViolation, type Store } from '../repositories/store.js';
import { writePacer } from '../workers/chunk-pacer.js';
import type { ShownEntryRow } from '../views/leaderboard-view.js';

/** Where the refit records each board's ranks (a day board has none: it lives one day). */
export const RANK_COLUMNS: Readonly<Record<PeriodType, RankColumn | null>> = {
  all: 'rank_all',
  week: 'rank_week',
  month: 'rank_month',
  day: null,
};

/**
 * The frozen boards of ended periods (ADR 0010): written once, inside the database, from the
 * photos as they stand when the period is frozen, and never changed again. Provisional photos
 * keep the range they had then.
 */
export class SnapshotBoards {
  /** The freezes under way here, by category, type and period. */
  private readonly freezing = new Map<string, Promise<SnapshotRow>>();

  constructor(
    private readonly store: Store<'leaderboards'>,
    private readonly clock: Clock,
  ) {}

  /**
   * The frozen board of an ended period, frozen now when nobody has yet; null when no photo of
   * the category was published in it. Such a period can never gain one (a photo is published
   * when it is uploaded), so a request writes rows only for periods that had photos: at most
   * the days since the first photo, whatever days are asked for.
   */
  async snapshotOf(categoryId: number, period: Period): Promise<SnapshotRow | null> {
    const type = period.type as BoundedPeriodType;
    const repository = this.store.repos.leaderboards;
    const found = await repository.findSnapshot(categoryId, type, period.start ?? '');
    if (found) return found;
    const { startsAt, endsAt } = period;
    if (startsAt === null || endsAt === null) return null;
    if (!(await repository.anyPublishedBetween(categoryId, startsAt, endsAt))) return null;
    return this.freeze(categoryId, period, type);
  }

  /**
   * Writes the snapshot of an ended period from the photos as they stand now; when another
   * process froze the same period first, its snapshot wins. One freeze of a period runs here at
   * a time: a second caller gets the first one's snapshot.
   */
  freeze(categoryId: number, period: Period, type: BoundedPeriodType): Promise<SnapshotRow> {
    const key = `${categoryId} ${type} ${period.start ?? ''}`;
    let freezing = this.freezing.get(key);
    if (freezing === undefined) {
      freezing = this.freezeOnce(categoryId, period, type).finally(() => {
        this.freezing.delete(key);
      });
      this.freezing.set(key, freezing);
    }
    return freezing;
  }

  /**
   * Reads and ranks the period's photos a page at a time, then writes the board a chunk a
   * transaction under a header no reader finds until the last chunk is in (ADR 0010's
   * amendment): a month of 322,000 photos held SQLite's event loop 7.6 s in one
   * transaction. The board is the photos as they stood while it was read.
   */
  private async freezeOnce(
    categoryId: number,
    period: Period,
    type: BoundedPeriodType,
  ): Promise<SnapshotRow> {
    // Places gained since the day before the period's last day (none for a one-day board).
    const column = RANK_COLUMNS[type];
    const dayBefore = addDays(period.end ?? '', -1);
    const previous =
      column !== null && period.start !== null && dayBefore >= period.start
        ? { day: dayBefore, column }
        : null;
    const header = {
      category_id: categoryId,
      period_type: type,
      period_start: period.start ?? '',
      frozen_at: this.clock.now(),
    };
    const ordered = await this.ordered(categoryId, period.startsAt ?? 0, period.endsAt ?? 0);
    const { leaderboards } = this.store.repos;
    const giveUpAt = this.clock.now() + this.unfinishedFor() + UNFINISHED_WAIT_MS;
    for (;;) {
      const claim = await this.claim(header, ordered.length);
      if (claim.kind === 'frozen') return claim.snapshot;
      if (claim.kind === 'claimed') {
        const written = await this.writeEntries(claim.snapshot.id, previous, ordered);
        if (written !== undefined) {
          await leaderboards.analyzeAfterSnapshot(written.entries);
          return written;
        }
      } else if (claim.kind === 'dropped') {
        continue;
      } else if (this.clock.now() > giveUpAt) {
        throw new Error(`the ${type} board from ${header.period_start} is still being frozen`);
      } else {
        await new Promise((resolve) => setTimeout(resolve, UNFINISHED_POLL_MS));
      }
    }
  }

  /**
   * Takes the period's board to write: `frozen` when a complete one exists, `busy` while another
   * process writes it. An unfinished board older than `unfinishedFor` was left by a process that
   * died: it is `dropped`, and the period can be claimed again at once.
   */
  private async claim(
    header: Omit<SnapshotRow, 'id' | 'entries' | 'complete'>,
    entries: number,
  ): Promise<
    | { kind: 'claimed'; snapshot: SnapshotRow }
    | { kind: 'frozen'; snapshot: SnapshotRow }
    | { kind: 'busy' }
    | { kind: 'dropped' }
  > {
    const { leaderboards } = this.store.repos;
    try {
      return { kind: 'claimed', snapshot: await leaderboards.beginSnapshot(header, entries) };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const { category_id, period_type, period_start } = header;
    const frozen = await leaderboards.findSnapshot(category_id, period_type, period_start);
    if (frozen) return { kind: 'frozen', snapshot: frozen };
    const unfinished = await leaderboards.findUnfinishedSnapshot(
      category_id,
      period_type,
      period_start,
    );
    if (unfinished && this.clock.now() - unfinished.frozen_at >= this.unfinishedFor()) {
      await this.store.transaction((repos) =>
        repos.leaderboards.dropUnfinishedSnapshot(unfinished.id),
      );
      return { kind: 'dropped' };
    }
    return { kind: 'busy' };
  }

  /**
   * How old an unfinished board must be to be judged abandoned. SQLite has one writing process,
   * which freezes a period once at a time: any unfinished board it finds was left by a crash.
   * On PostgreSQL another instance may be writing it.
   */
  private unfinishedFor(): number {
    return this.store.rowLocks ? UNFINISHED_ABANDONED_MS : 0;
  }

  /**
   * Writes the entries in order under the claimed header, a chunk a transaction as the pacer
   * sizes it on SQLite, and completes the header. Undefined when another process dropped the
   * header meanwhile (judging this one dead): the entries written are removed again.
   */
  private async writeEntries(
    snapshotId: number,
    previous: { day: string; column: RankColumn } | null,
    ordered: readonly Listed[],
  ): Promise<SnapshotRow | undefined> {
    const pacer = writePacer(this.store);
    let rank = 0;
    let previousKey: number | undefined;
    for (let from = 0, to = 0; from < ordered.length; from = to) {
      to = Math.min(ordered.length, from + pacer.rows);
      const chunk: FrozenEntryRow[] = [];
      for (let index = from; index < to; index++) {
        const { key, row, placement } = ordered[index] as Listed;
        // Competition ranks: equal keys share the first one's place.
        if (key !== previousKey) {
          rank = index + 1;
          previousKey = key;
        }
        chunk.push({
          position: index + 1,
          photo_id: row.id,
          rank,
          score: row.current_score,
          comparisons: row.comparisons,
          score_low: placement?.scoreLow ?? null,
          score_high: placement?.scoreHigh ?? null,
          matches_to_place: placement?.matchesToPlace ?? null,
        });
      }
      await pacer.chunk(chunk.length, (begin) =>
        this.store.transaction((repos) => {
          begin();
          return repos.leaderboards.insertSnapshotEntries(snapshotId, previous, chunk);
        }),
      );
      await yieldToEventLoop();
    }
    const finished = await this.store.transaction((repos) =>
      repos.leaderboards.finishSnapshot(snapshotId),
    );
    if (finished === undefined) {
      await this.store.transaction((repos) =>
        repos.leaderboards.dropUnfinishedSnapshot(snapshotId),
      );
    }
    return finished;
  }

  /**
   * A period's photos as its board lists them (boardStanding), by key then the older photo, read
   * a page at a time and sorted a turn at a time. Ranked here, not in SQL: joining the
   * provisional photos' ranges to the photos as a JSON table made SQLite scan that table once
   * per photo, 129 s for a month of 74,640 photos of which 49,362 provisional, on the event loop.
   */
  private async ordered(categoryId: number, startsAt: number, endsAt: number): Promise<Listed[]> {
    const repository = this.store.repos.leaderboards;
    const references = await repository.referenceMus(categoryId);
    const listed: Listed[] = [];
    for (let after: BoardMemberRow | null = null; ;) {
      const page = await repository.periodPhotosAfter(
        categoryId,
        startsAt,
        endsAt,
        after,
        READ_PAGE,
      );
      for (const row of page) {
        const standing = boardStanding(row, references);
        if (standing) listed.push({ key: standing.key, row, placement: standing.placement });
      }
      after = page.at(-1) ?? null;
      if (page.length < READ_PAGE) break;
      await yieldToEventLoop();
    }
    return sortInTurns(listed, (a, b) => b.key - a.key || a.row.id - b.row.id);
  }
}

/** A listed photo of a board being frozen. */
interface Listed {
  key: number;
  row: BoardMemberRow;
  placement: BoardStanding['placement'];
}

/** Photos read per query by a freeze. */
const READ_PAGE = 500;
/** On PostgreSQL, an unfinished board this old was left by an instance that died. */
const UNFINISHED_ABANDONED_MS = 120_000;
/** How often a freeze looks whether another instance finished the board it waits for. */
const UNFINISHED_POLL_MS = 250;
/** How much longer than that a freeze waits before it gives up. */
const UNFINISHED_WAIT_MS = 30_000;

/** What a frozen entry shows: its photo's columns now and its score and range as frozen. */
export function frozenShown(row: SnapshotEntryRow): ShownEntryRow {
  return { ...row, id: row.photo_id, current_score: row.score, placement: frozenPlacement(row) };
}

/** A frozen entry's range as it was frozen (null: it was established). */
function frozenPlacement(row: {
  score_low: number | null;
  score_high: number | null;
  matches_to_place: number | null;
}) {
  const { score_low, score_high, matches_to_place } = row;
  if (score_low === null || score_high === null || matches_to_place === null) return null;
  return { scoreLow: score_low, scoreHigh: score_high, matchesToPlace: matches_to_place };
}
