import {
  ErrorCode,
  PERIOD_DATE_EARLIEST,
  type Leaderboard,
  type LeaderboardEntry,
  type PeriodType,
} from '@yanzhi/contract';
import type { PhotoRow } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import {
  addDays,
  boardStanding,
  currentDay,
  currentPeriod,
  dayKey,
  hasEnded,
  hasNotBegun,
  periodDays,
  periodOf,
  type Period,
  type Placement,
} from '../domain/leaderboard/index.js';
import { AppError } from '../errors.js';
import type { Metrics } from '../lib/metrics.js';
import { BOUNDED_TYPES, RunningBoards } from '../indexes/leaderboard-boards.js';
import type { LeaderboardRepository } from '../repositories/leaderboard.repository.js';
import type { Store } from '../repositories/store.js';
import { frozenShown, RANK_COLUMNS, SnapshotBoards } from './leaderboard-snapshots.js';
import { toEntry, toLeaderboard, type PeriodDateRange } from '../views/leaderboard-view.js';

export interface LeaderboardSettings {
  timeZone: string;
  /** How long a live board may answer before it looks for changes (0: on every read). */
  cacheMs: number;
}

export interface LeaderboardQuery {
  categoryId: number;
  periodType: PeriodType;
  /** Any day inside the period; null for the running one. */
  periodDate: string | null;
  page: number;
  pageSize: number;
}

/** A photo's place on a board of its category and how many the board lists (share card, page). */
export interface PhotoStanding {
  rank: number | null;
  total: number;
  periodStart: string | null;
  periodEnd: string | null;
  /** Whether the board is a past period's frozen one. */
  frozen: boolean;
}

type StandingPhoto = Pick<
  PhotoRow,
  'id' | 'category_id' | 'current_score' | 'provisional' | 'state' | 'published_at'
>;

/** How long the first photo's time is trusted (demo photos seeded later may be older). */
const FIRST_PHOTO_TTL_MS = 60_000;

/**
 * Leaderboards (DESIGN §8). A running board lives in memory per process, loaded once from the
 * database and brought up to date from the photos changed since (at most `cacheMs` stale), so
 * any page, the caller's rank and the totals cost no scan. A period that has ended is frozen
 * into a snapshot table once and read from there ever after.
 */
export class LeaderboardService {
  private readonly running: RunningBoards;
  private readonly snapshots: SnapshotBoards;
  /** When the product's first photo was published (null: none), and when that was read. */
  private firstPhoto: { at: number | null; readAt: number } | null = null;

  constructor(
    private readonly store: Store<
      'categories' | 'leaderboards' | 'photos' | 'refitIncrements' | 'settings'
    >,
    private readonly clock: Clock,
    private readonly options: LeaderboardSettings,
    metrics: Metrics,
  ) {
    this.running = new RunningBoards(store, clock, options, metrics);
    this.snapshots = new SnapshotBoards(store, clock);
  }

  async leaderboard(query: LeaderboardQuery, viewerId: number | null): Promise<Leaderboard> {
    if (!(await this.store.repos.categories.findActive(query.categoryId))) {
      throw new AppError(ErrorCode.CATEGORY_NOT_FOUND);
    }
    const resolved = await this.resolvePeriod(query.periodType, query.periodDate);
    const { period, today, range } = resolved;
    if (resolved.ahead) return this.emptyBoard(query, period, range, null);
    return resolved.ended
      ? this.frozenBoard(query, period, range, viewerId)
      : this.liveBoard(query, period, range, viewerId, today);
  }

  /**
   * The period a request names: any day inside it, or null for the running one. A day outside
   * the range is refused before any period maths or write (issue 14: a year-0100 day once held
   * the event loop, and every past day wrote a snapshot).
   */
  private async resolvePeriod(type: PeriodType, periodDate: string | null) {
    const now = this.clock.now();
    const today = currentDay(now, this.options.timeZone);
    const range = await this.periodDateRange(type, today);
    if (periodDate !== null && (periodDate < range.earliest || periodDate > range.latest)) {
      throw new AppError(
        ErrorCode.VALIDATION_FAILED,
        {
          zh: `period_date 须在 ${range.earliest} 至 ${range.latest} 之间`,
          en: `period_date must be between ${range.earliest} and ${range.latest}`,
        },
        {
          field: 'period_date',
          issues: [{ field: 'period_date', problem: `outside ${range.earliest}..${range.latest}` }],
        },
      );
    }
    const period = periodOf(type, periodDate ?? today, this.options.timeZone);
    return {
      period,
      today,
      range,
      ended: hasEnded(period, now),
      /** Tomorrow's period when it has not begun yet (a day board, or a new week or month). */
      ahead: hasNotBegun(period, now),
    };
  }

  /**
   * From the period of the product's first photo, never before 2000-01-01, to tomorrow (a
   * phone east of the board's zone may already be there). With no photo yet: today.
   */
  async periodDateRange(type: PeriodType, today: string): Promise<PeriodDateRange> {
    const now = this.clock.now();
    if (this.firstPhoto === null || now - this.firstPhoto.readAt >= FIRST_PHOTO_TTL_MS) {
      const at = await this.store.repos.leaderboards.firstPublishedAt();
      this.firstPhoto = { at, readAt: now };
    }
    const first = this.firstPhoto.at;
    const firstDay = first === null ? today : dayKey(first, this.options.timeZone);
    const floor = firstDay < PERIOD_DATE_EARLIEST ? PERIOD_DATE_EARLIEST : firstDay;
    const periodStart = type === 'all' ? floor : periodDays(type, floor).start;
    const earliest = periodStart < PERIOD_DATE_EARLIEST ? PERIOD_DATE_EARLIEST : periodStart;
    const latest = addDays(today, 1);
    return { earliest: earliest < latest ? earliest : latest, latest };
  }

  /**
   * The photo's rank on a board of its category (null when it is not on it): the running one,
   * or the frozen board of the past period holding `periodDate`.
   */
  async standingOf(
    photo: StandingPhoto,
    periodType: PeriodType,
    periodDate: string | null = null,
  ): Promise<PhotoStanding> {
    const { period, ended, ahead } = await this.resolvePeriod(periodType, periodDate);
    let rank: number | null = null;
    let total = 0;
    if (ahead) {
      // Nothing is published in a period that has not begun.
    } else if (ended) {
      const snapshot = await this.snapshots.snapshotOf(photo.category_id, period);
      if (snapshot !== null) {
        const repository = this.store.repos.leaderboards;
        const [entry] = await repository.snapshotEntriesOf(snapshot.id, [photo.id]);
        rank = entry?.rank ?? null;
        total = snapshot.entries;
      }
    } else {
      const board = (await this.running.fresh(photo.category_id)).board(periodType);
      rank = board?.placementOf(photo.id)?.rank ?? null;
      total = board?.size ?? 0;
    }
    return { rank, total, periodStart: period.start, periodEnd: period.end, frozen: ended };
  }

  /**
   * Freezes the period before the running one of each type in every category, if nobody has
   * yet. Run at each midnight of the leaderboard's time zone and at start-up.
   */
  async freezeEndedPeriods(): Promise<number> {
    const now = this.clock.now();
    let frozen = 0;
    for (const category of await this.store.repos.categories.listAll()) {
      for (const type of BOUNDED_TYPES) {
        const running = currentPeriod(type, now, this.options.timeZone);
        const ended = periodOf(type, addDays(running.start ?? '', -1), this.options.timeZone);
        const repository = this.store.repos.leaderboards;
        if (await repository.findSnapshot(category.id, type, ended.start ?? '')) continue;
        await this.snapshots.freeze(category.id, ended, type);
        frozen += 1;
      }
    }
    return frozen;
  }

  /** When the next period begins (the next midnight in the leaderboard's time zone). */
  nextBoundary(): number {
    return currentPeriod('day', this.clock.now(), this.options.timeZone).endsAt ?? 0;
  }

  // -------------------------------------------------------------------------------------------
  // Running boards

  private async liveBoard(
    query: LeaderboardQuery,
    period: Period,
    range: PeriodDateRange,
    viewerId: number | null,
    today: string,
  ): Promise<Leaderboard> {
    const boards = await this.running.fresh(query.categoryId);
    const board = boards.board(query.periodType);
    if (!board) throw new Error(`no running ${query.periodType} board`);
    const repository = this.store.repos.leaderboards;
    const offset = (query.page - 1) * query.pageSize;

    const ownIds = new Set(
      viewerId === null ? [] : await repository.ownPhotoIds(viewerId, query.categoryId),
    );

    // Rows whose photo has gone since the board last looked are dropped, then the page is
    // read again: a page never shows a deleted photo nor comes back short because of one.
    for (let attempt = 0; ; attempt += 1) {
      let mine: Placement | null = null;
      for (const id of ownIds) {
        const placement = board.placementOf(id);
        if (placement && (!mine || placement.position < mine.position)) mine = placement;
      }
      const placements = board.slice(offset, query.pageSize);
      const wanted = mine ? [...placements, mine] : placements;
      const rows = new Map(
        (await repository.entries(wanted.map((placement) => placement.id))).map((row) => [
          row.id,
          row,
        ]),
      );
      const standingOf = (id: number) => {
        const row = rows.get(id);
        return row ? boardStanding(row, boards.referenceMus) : null;
      };
      const gone = wanted.filter((placement) => standingOf(placement.id) === null);
      if (gone.length > 0 && attempt < 2) {
        for (const placement of gone) boards.forget(placement.id);
        continue;
      }
      const previous = await this.previousRanks(
        repository,
        wanted.map((placement) => placement.id),
        period,
        today,
      );
      const entry = (placement: Placement): LeaderboardEntry | null => {
        const row = rows.get(placement.id);
        const standing = standingOf(placement.id);
        if (!row || !standing) return null;
        const shown = { ...row, placement: standing.placement };
        return toEntry(shown, placement, previous.ranks.get(placement.id) ?? null, ownIds);
      };
      const mineEntry = mine ? entry(mine) : null;
      return toLeaderboard(query, period, range, this.options.timeZone, {
        items: placements.map(entry).filter((item): item is LeaderboardEntry => item !== null),
        total: board.size,
        mine: mineEntry,
        minePosition: mine && mineEntry ? mine.position : null,
        frozenAt: null,
        asOf: boards.syncedAt,
        changesSince: previous.day,
      });
    }
  }

  /**
   * The rank each photo had on this board at the last refit of the latest earlier day that has
   * one (normally yesterday; a day the server was down is skipped), and that day. None for a
   * day board, nor on a period's first day (the board did not exist the day before).
   */
  private async previousRanks(
    repository: LeaderboardRepository,
    photoIds: number[],
    period: Period,
    today: string,
  ): Promise<{ day: string | null; ranks: Map<number, number> }> {
    const column = RANK_COLUMNS[period.type];
    if (column === null) return { day: null, ranks: new Map() };
    const day = await repository.lastRecordedDay(
      photoIds,
      period.start ?? PERIOD_DATE_EARLIEST,
      today,
    );
    if (day === null) return { day: null, ranks: new Map() };
    return { day, ranks: await repository.recordedRanks(photoIds, day, column) };
  }

  // -------------------------------------------------------------------------------------------
  // Frozen boards

  private async frozenBoard(
    query: LeaderboardQuery,
    period: Period,
    range: PeriodDateRange,
    viewerId: number | null,
  ): Promise<Leaderboard> {
    const repository = this.store.repos.leaderboards;
    const snapshot = await this.snapshots.snapshotOf(query.categoryId, period);
    // No photo was published in it: final and empty, and nothing is written for it.
    if (snapshot === null) return this.emptyBoard(query, period, range, period.endsAt);
    const offset = (query.page - 1) * query.pageSize;
    const rows = await repository.snapshotPage(snapshot.id, offset + 1, offset + query.pageSize);
    const ownIds = new Set(
      viewerId === null ? [] : await repository.ownPhotoIds(viewerId, query.categoryId),
    );
    const [mine] = await repository.snapshotEntriesOf(snapshot.id, [...ownIds]);
    const entry = (row: (typeof rows)[number]): LeaderboardEntry =>
      toEntry(
        frozenShown(row),
        { id: row.photo_id, score: row.score, rank: row.rank, position: row.position - 1 },
        row.rank_change === null ? null : row.rank + row.rank_change,
        ownIds,
      );
    const changed = rows.some((row) => row.rank_change !== null);
    return toLeaderboard(query, period, range, this.options.timeZone, {
      items: rows.map(entry),
      total: snapshot.entries,
      mine: mine ? entry(mine) : null,
      minePosition: mine ? mine.position - 1 : null,
      frozenAt: snapshot.frozen_at,
      asOf: snapshot.frozen_at,
      // A frozen board measured its changes from the day before its last day.
      changesSince: changed && period.end !== null ? addDays(period.end, -1) : null,
    });
  }

  /** A board with nobody on it: a period not begun, or an ended one that had no photos. */
  private emptyBoard(
    query: LeaderboardQuery,
    period: Period,
    range: PeriodDateRange,
    frozenAt: number | null,
  ): Leaderboard {
    return toLeaderboard(query, period, range, this.options.timeZone, {
      items: [],
      total: 0,
      mine: null,
      minePosition: null,
      frozenAt,
      asOf: frozenAt ?? this.clock.now(),
      changesSince: null,
    });
  }
}
