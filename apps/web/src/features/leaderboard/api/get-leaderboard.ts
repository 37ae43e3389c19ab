import {
  LEADERBOARD_DEFAULT_PAGE,
  LEADERBOARD_DEFAULT_PAGE_SIZE,
  PERIOD_TYPES,
  type PeriodType,
} from '@yanzhi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The periods in display order (the contract's constant, free of zod). */
export const LEADERBOARD_PERIODS = PERIOD_TYPES;

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  page: (categoryId: number, periodType: PeriodType, page: number) =>
    [...leaderboardKeys.all, categoryId, periodType, page] as const,
};

/** One page of a category's leaderboard for the current period (period_date null). */
export function leaderboardQueryOptions(
  categoryId: number,
  periodType: PeriodType,
  page: number = LEADERBOARD_DEFAULT_PAGE,
) {
  return queryOptions({
    queryKey: leaderboardKeys.page(categoryId, periodType, page),
    queryFn: ({ signal }) =>
      callApi(
        'get_leaderboard',
        {
          category_id: categoryId,
          period_type: periodType,
          period_date: null,
          page,
          page_size: LEADERBOARD_DEFAULT_PAGE_SIZE,
        },
        { signal },
      ),
  });
}

export function useLeaderboard(categoryId: number | null, periodType: PeriodType) {
  return useQuery({
    ...leaderboardQueryOptions(categoryId ?? 0, periodType),
    enabled: categoryId !== null,
  });
}
