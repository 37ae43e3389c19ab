import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { getAnonymousId } from '../../../lib/identity';

export const arenaKeys = {
  all: ['arena'] as const,
  pair: (categoryId: number, userId: number | null) =>
    [...arenaKeys.all, 'pair', categoryId, userId] as const,
};

/** The next pair of a category for this visitor (spec §7: category_id, anonymous_id, user_id). */
export function pairQueryOptions(categoryId: number, userId: number | null) {
  return queryOptions({
    queryKey: arenaKeys.pair(categoryId, userId),
    queryFn: ({ signal }) =>
      callApi(
        'get_random_photos_for_rating',
        { category_id: categoryId, anonymous_id: getAnonymousId(), user_id: userId },
        { signal },
      ),
    // A served pair is answered once; never refetch it behind the voter's back.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePair(categoryId: number | null, userId: number | null) {
  return useQuery({
    ...pairQueryOptions(categoryId ?? 0, userId),
    enabled: categoryId !== null,
  });
}
