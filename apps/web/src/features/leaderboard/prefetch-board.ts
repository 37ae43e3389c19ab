import type { Category } from '@yanzhi/contract';
import type { QueryClient } from '@tanstack/react-query';
import { categoriesQueryOptions } from '../../lib/api/get-categories';
import { leaderboardPagesQueryOptions } from './api/get-leaderboard';
import { readBoardParams } from './use-board-params';

/** The category of the address when it exists, else the first one (null: there is none). */
export function boardCategoryId(requested: number | null, categories: Category[]): number | null {
  const known = requested !== null && categories.some((category) => category.id === requested);
  return known ? requested : (categories[0]?.id ?? null);
}

/**
 * Asks for the board a first visit opens on (the address's, or the first category's day board)
 * as soon as this page's code is here, before its first render: main.tsx calls it when the app
 * opens on /leaderboard, whose code the page's HTML preloads (ADR 0018). Nothing happens while
 * the categories are not known yet; the page then asks itself.
 */
export function prefetchBoard(client: QueryClient, search: string): void {
  const categories = client.getQueryData(categoriesQueryOptions.queryKey);
  const params = readBoardParams(new URLSearchParams(search));
  const categoryId = categories ? boardCategoryId(params.categoryId, categories) : null;
  if (categoryId === null) return;
  const selection = { categoryId, periodType: params.periodType, periodDate: params.periodDate };
  client.infiniteQuery(leaderboardPagesQueryOptions(selection)).catch(() => undefined);
}
