import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';

/** Categories change rarely: keep them for five minutes before asking again. */
const CATEGORIES_STALE_TIME_MS = 5 * 60 * 1000;

export const categoryKeys = {
  all: ['categories'] as const,
};

export function fetchCategories(signal?: AbortSignal) {
  return callApi('get_categories', {}, { signal });
}

export const categoriesQueryOptions = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: ({ signal }) => fetchCategories(signal),
  staleTime: CATEGORIES_STALE_TIME_MS,
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
