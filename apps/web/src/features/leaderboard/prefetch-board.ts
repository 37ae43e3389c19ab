import {
  LEADERBOARD_DEFAULT_PAGE,
  LEADERBOARD_DEFAULT_PAGE_SIZE,
  type Category,
} from '@yanzhi/contract';
import type { QueryClient } from '@tanstack/react-query';
import { categoriesQueryOptions } from '../../lib/api/get-categories';
import { takePageAnswer } from '../../lib/page-answer';
import { leaderboardPagesQueryOptions } from './api/get-leaderboard';
import { readBoardParams } from './use-board-params';

/** The category of the address when it exists, else the first one (null: there is none). */
export function boardCategoryId(requested: number | null, categories: Category[]): number | null {
  const known = requested !== null && categories.some((category) => category.id === requested);
  return known ? requested : (categories[0]?.id ?? null);
}

/**
 * Asks for the board a first visit opens on (the address's, or the first category's day board),
 * unless the server wrote it into the page, as soon as this page's code is here, before its first render: main.tsx calls it when the app
 * opens on /leaderboard, whose code the page's HTML preloads (ADR 0018). Nothing happens while
 * the categories are not known yet; the page then asks itself.
 */
export function prefetchBoard(client: QueryClient, search: string): void {
  const categories = client.getQueryData(categoriesQueryOptions.queryKey);
  const params = readBoardParams(new URLSearchParams(search));
  const categoryId = categories ? boardCategoryId(params.categoryId, categories) : null;
  if (categoryId === null) return;
  const selection = { categoryId, periodType: params.periodType, periodDate: params.periodDate };
  const options = leaderboardPagesQueryOptions(selection);
  // The board the server wrote into the page (a shared board's landing), when it is this one.
  const written = takePageAnswer('get_leaderboard', {
    category_id: categoryId,
    period_type: selection.periodType,
    period_date: selection.periodDate,
    page: LEADERBOARD_DEFAULT_PAGE,
    page_size: LEADERBOARD_DEFAULT_PAGE_SIZE,
  });
  if (written !== undefined) {
    client.setQueryData(options.queryKey, {
      pages: [written],
      pageParams: [LEADERBOARD_DEFAULT_PAGE],
    });
  } else {
    client.infiniteQuery(options).catch(() => undefined);
  }
}
