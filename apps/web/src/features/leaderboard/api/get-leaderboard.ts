import {
  LEADERBOARD_DEFAULT_PAGE,
  LEADERBOARD_DEFAULT_PAGE_SIZE,
  PERIOD_TYPES,
  type Leaderboard,
  type PeriodType,
} from '@yanzhi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The periods in display order (the contract's constant, free of zod). */
export const LEADERBOARD_PERIODS = PERIOD_TYPES;

/**
 * A live board moves with every vote (the server caches it for seconds): half a minute is fresh
 * enough to scroll back and forth without asking again. Frozen boards never change.
 */
const LIVE_BOARD_STALE_TIME_MS = 30_000;

/** Which board is shown: a category, a period type and a day inside the period (null: now). */
export interface BoardSelection {
  categoryId: number;
  periodType: PeriodType;
  periodDate: string | null;
}

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  board: ({ categoryId, periodType, periodDate }: BoardSelection) =>
    [...leaderboardKeys.all, categoryId, periodType, periodDate ?? 'current'] as const,
  /** The pages read from `startPage` on (1, or the caller's own page after a far jump). */
  pages: (selection: BoardSelection, startPage: number) =>
    [...leaderboardKeys.board(selection), 'from', startPage] as const,
};

export function fetchLeaderboardPage(
  { categoryId, periodType, periodDate }: BoardSelection,
  page: number,
  signal?: AbortSignal,
): Promise<Leaderboard> {
  return callApi(
    'get_leaderboard',
    {
      category_id: categoryId,
      period_type: periodType,
      period_date: periodDate,
      page,
      page_size: LEADERBOARD_DEFAULT_PAGE_SIZE,
    },
    { signal },
  );
}

/** Page by page, forwards (infinite scroll) and backwards (after a jump to one's own page). */
export function leaderboardPagesQueryOptions(
  selection: BoardSelection,
  startPage: number = LEADERBOARD_DEFAULT_PAGE,
) {
  return infiniteQueryOptions({
    queryKey: leaderboardKeys.pages(selection, startPage),
    queryFn: ({ pageParam, signal }) => fetchLeaderboardPage(selection, pageParam, signal),
    initialPageParam: startPage,
    getNextPageParam: (last: Leaderboard) =>
      last.current_page < last.total_pages ? last.current_page + 1 : undefined,
    getPreviousPageParam: (first: Leaderboard) =>
      first.current_page > 1 ? first.current_page - 1 : undefined,
    staleTime: (query) =>
      query.state.data?.pages[0]?.frozen === true
        ? Number.POSITIVE_INFINITY
        : LIVE_BOARD_STALE_TIME_MS,
  });
}

export function useLeaderboardPages(selection: BoardSelection | null, startPage: number) {
  const fallback: BoardSelection = { categoryId: 0, periodType: 'day', periodDate: null };
  return useInfiniteQuery({
    ...leaderboardPagesQueryOptions(selection ?? fallback, startPage),
    enabled: selection !== null,
  });
}
