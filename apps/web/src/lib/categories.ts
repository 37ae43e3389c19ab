import { CATEGORIES_ELEMENT_ID, type Category } from '@yanzhi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import type { Language } from './i18n';

/** Categories change rarely: keep them for five minutes before asking again. */
const CATEGORIES_STALE_TIME_MS = 5 * 60 * 1000;

export const categoryKeys = {
  all: ['categories'] as const,
};

export const categoriesQueryOptions = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: ({ signal }) => callApi('get_categories', {}, { signal }),
  staleTime: CATEGORIES_STALE_TIME_MS,
});

/**
 * The categories the server wrote into the page (a JSON script, server plugins/page-html.ts),
 * so the first screen does not wait for get_categories; undefined when the page has none (the
 * service worker's copy of the shell) or they cannot be read.
 */
export function categoriesInPage(): Category[] | undefined {
  try {
    const data: unknown = JSON.parse(
      document.getElementById(CATEGORIES_ELEMENT_ID)?.textContent ?? 'null',
    );
    return Array.isArray(data) ? (data as Category[]) : undefined;
  } catch {
    return undefined;
  }
}

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}

export function categoryName(category: Category, language: Language): string {
  return language === 'en' ? category.name_en : category.name;
}
