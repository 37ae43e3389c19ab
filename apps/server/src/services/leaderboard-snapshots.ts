import type { PeriodType } from '@yanzhi/contract';
import type { Clock } from '../domain/clock.js';
import {
  addDays,
  boardStanding,
  rankInOrder,
  type BoundedPeriodType,
  type Period,
} from '../domain/leaderboard/index.js';
import type {
  FrozenEntryRow,
  RankColumn,
  SnapshotEntryRow,
  SnapshotRow,
} from '../repositories/leaderboard.repository.js';
import { isUniqueViolation, type Store } from '../repositories/store.js';
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
   * Writes the snapshot of an ended period from the photos as they stand now, in one
   * transaction; when another process froze the same period first, its snapshot wins.
   */
  async freeze(categoryId: number, period: Period, type: BoundedPeriodType): Promise<SnapshotRow> {
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
    const { leaderboards } = this.store.repos;
    const entries = await this.ranked(categoryId, period.startsAt ?? 0, period.endsAt ?? 0);
    try {
      const snapshot = await this.store.transaction((repos) =>
        repos.leaderboards.insertSnapshot(header, previous, entries),
      );
      await leaderboards.analyzeAfterSnapshot(snapshot.entries);
      return snapshot;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = await leaderboards.findSnapshot(categoryId, type, header.period_start);
      if (!existing) throw error;
      return existing;
    }
  }

  /**
   * The board of a period's photos as they stand: each listed photo (boardStanding) by its key,
   * ties by the older photo, with competition ranks. Ranked here, not in SQL: joining the
   * provisional photos' ranges to the photos as a JSON table made SQLite scan that table once
   * per photo, 129 s for a month of 74,640 photos of which 49,362 provisional, on the event loop.
   */
  private async ranked(
    categoryId: number,
    startsAt: number,
    endsAt: number,
  ): Promise<FrozenEntryRow[]> {
    const repository = this.store.repos.leaderboards;
    const members = await repository.periodPhotos(categoryId, startsAt, endsAt);
    const references = members.some((row) => row.provisional !== 0)
      ? await repository.referenceMus(categoryId)
      : [];
    const listed = members.flatMap((row) => {
      const standing = boardStanding(row, references);
      return standing
        ? [{ id: row.id, score: standing.key, row, placement: standing.placement }]
        : [];
    });
    return rankInOrder(listed).map(({ id, rank, row, placement }, index) => ({
      position: index + 1,
      photo_id: id,
      rank,
      score: row.current_score,
      comparisons: row.comparisons,
      score_low: placement?.scoreLow ?? null,
      score_high: placement?.scoreHigh ?? null,
      matches_to_place: placement?.matchesToPlace ?? null,
    }));
  }
}

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
