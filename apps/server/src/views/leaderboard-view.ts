import type { Leaderboard, LeaderboardEntry, PeriodType } from '@yanzhi/contract';
import type { Period, Placement } from '../domain/leaderboard/index.js';
import type { PlacementFacts } from '../domain/rating/index.js';
import type { EntryRow } from '../repositories/leaderboard.repository.js';
import { imageOf } from './image-view.js';

/** The days a `period_date` may name for a period type (inclusive). */
export interface PeriodDateRange {
  earliest: string;
  latest: string;
}

/** The page a leaderboard request asked for. */
export interface BoardPageQuery {
  categoryId: number;
  periodType: PeriodType;
  page: number;
  pageSize: number;
}

/** One page of a board, as a running or frozen board found it. */
export interface BoardPage {
  items: LeaderboardEntry[];
  total: number;
  mine: LeaderboardEntry | null;
  minePosition: number | null;
  frozenAt: number | null;
  asOf: number;
  /** The day rank changes are measured from; null: none to compare with. */
  changesSince: string | null;
}

/** What an entry shows of its photo: the row's columns and, while provisional, its range. */
export type ShownEntryRow = Omit<EntryRow, 'mu' | 'sigma2' | 'provisional'> & {
  placement: PlacementFacts | null;
};

function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/**
 * A photo's entry on a board; `previousRank` gives its rank change. The score shown is the
 * photo's own, not the key the board ordered it by (a provisional photo's is its low end).
 */
export function toEntry(
  row: ShownEntryRow,
  placement: Placement,
  previousRank: number | null,
  ownIds: ReadonlySet<number>,
): LeaderboardEntry {
  return {
    rank: placement.rank,
    id: placement.id,
    image: imageOf(row),
    current_score: row.current_score,
    comparisons: row.comparisons,
    owner_name: row.owner_name,
    rank_change: previousRank === null ? null : previousRank - placement.rank,
    is_mine: ownIds.has(placement.id),
    provisional: row.placement !== null,
    placement:
      row.placement === null
        ? null
        : {
            matches_to_place: row.placement.matchesToPlace,
            score_low: row.placement.scoreLow,
            score_high: row.placement.scoreHigh,
          },
  };
}

/** The `get_leaderboard` response for a page of a board. */
export function toLeaderboard(
  query: BoardPageQuery,
  period: Period,
  range: PeriodDateRange,
  timeZone: string,
  board: BoardPage,
): Leaderboard {
  return {
    category_id: query.categoryId,
    period_type: query.periodType,
    period_start: period.start,
    period_end: period.end,
    starts_at: period.startsAt === null ? null : iso(period.startsAt),
    ends_at: period.endsAt === null ? null : iso(period.endsAt),
    frozen: board.frozenAt !== null,
    frozen_at: board.frozenAt === null ? null : iso(board.frozenAt),
    time_zone: timeZone,
    earliest_date: range.earliest,
    latest_date: range.latest,
    items: board.items,
    current_page: query.page,
    page_size: query.pageSize,
    total_items: board.total,
    total_pages: Math.ceil(board.total / query.pageSize),
    my_entry: board.mine,
    my_page:
      board.minePosition === null ? null : Math.floor(board.minePosition / query.pageSize) + 1,
    as_of: iso(board.asOf),
    changes_since: board.changesSince,
  };
}
