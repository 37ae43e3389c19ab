import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { categoriesQueryOptions } from '../../lib/api/get-categories';
import { boardPage, boardServer } from '../../testing/leaderboard-fixtures';
import { CATEGORIES, mockApi } from '../../testing/mock-api';
import { clearPageAnswer, writePageAnswer } from '../../testing/in-page';
import { leaderboardKeys } from './api/get-leaderboard';
import { prefetchBoard } from './prefetch-board';

function clientWith(categories = CATEGORIES) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(categoriesQueryOptions.queryKey, categories);
  return client;
}

describe('prefetchBoard (a first visit to /leaderboard)', () => {
  it('asks for the board of the address under the key the page reads', async () => {
    const api = mockApi({ get_leaderboard: boardServer({ totalItems: 5 }) });
    const client = clientWith();
    prefetchBoard(client, '?category=2&period=week&utm=x');
    const selection = { categoryId: 2, periodType: 'week' as const, periodDate: null };
    await expect.poll(() => client.getQueryData(leaderboardKeys.pages(selection, 1))).toBeDefined();
    expect(api.callsTo('get_leaderboard')).toHaveLength(1);
    expect(api.callsTo('get_leaderboard')[0]?.body).toMatchObject({
      category_id: 2,
      period_type: 'week',
      period_date: null,
      page: 1,
    });
  });

  it("opens the first category's day board when the address names none or an unknown one", async () => {
    const api = mockApi({ get_leaderboard: boardServer({ totalItems: 5 }) });
    prefetchBoard(clientWith(), '?category=999');
    await expect.poll(() => api.callsTo('get_leaderboard').length).toBe(1);
    expect(api.callsTo('get_leaderboard')[0]?.body).toMatchObject({
      category_id: CATEGORIES[0]?.id,
      period_type: 'day',
    });
  });

  describe('with the board the server wrote into the page', () => {
    const selection = { categoryId: 2, periodType: 'all' as const, periodDate: null };
    const written = boardPage({ categoryId: 2, periodType: 'all', totalItems: 5 });
    function writeIntoPage(categoryId: number): void {
      writePageAnswer({
        call: 'get_leaderboard',
        input: {
          category_id: categoryId,
          period_type: 'all',
          period_date: null,
          page: 1,
          page_size: 20,
        },
        data: written,
      });
    }
    afterEach(() => {
      clearPageAnswer();
      localStorage.clear();
    });

    it('shows it without asking when it is the board of the address', () => {
      const api = mockApi({ get_leaderboard: boardServer({ totalItems: 5 }) });
      const client = clientWith();
      writeIntoPage(2);
      prefetchBoard(client, '?category=2&period=all');
      expect(client.getQueryData(leaderboardKeys.pages(selection, 1))).toEqual({
        pages: [written],
        pageParams: [1],
      });
      expect(api.callsTo('get_leaderboard')).toHaveLength(0);
    });

    it('asks when the page carries another board, or this browser has a session', async () => {
      const api = mockApi({ get_leaderboard: boardServer({ totalItems: 5 }) });
      writeIntoPage(3);
      prefetchBoard(clientWith(), '?category=2&period=all');
      await expect.poll(() => api.callsTo('get_leaderboard').length).toBe(1);
      localStorage.setItem(CLIENT_STORAGE_KEYS.token, 'tok');
      writeIntoPage(2);
      prefetchBoard(clientWith(), '?category=2&period=all');
      await expect.poll(() => api.callsTo('get_leaderboard').length).toBe(2);
    });
  });

  it('waits for the page itself while the categories are not known', () => {
    const api = mockApi({ get_leaderboard: boardServer({ totalItems: 5 }) });
    prefetchBoard(new QueryClient(), '');
    prefetchBoard(clientWith([]), '');
    expect(api.callsTo('get_leaderboard')).toHaveLength(0);
  });
});
