import { PERIOD_TYPES } from '@yanzhi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { CATEGORIES, NOT_AVAILABLE, mockApi, ok } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { LEADERBOARD_PERIODS } from './api/get-leaderboard';

describe('leaderboard page', () => {
  it("offers the contract's periods", () => {
    expect(LEADERBOARD_PERIODS).toEqual(PERIOD_TYPES);
  });

  it('asks for the daily board of the first category and shows the answer', async () => {
    const fetchMock = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: NOT_AVAILABLE,
    });
    renderApp('/leaderboard');
    expect(await screen.findByRole('heading', { level: 1, name: '排行榜' })).toBeTruthy();
    expect(await screen.findByText('该功能尚未开放')).toBeTruthy();
    expect(fetchMock.callsTo('get_leaderboard')[0]?.body).toEqual({
      category_id: 1,
      period_type: 'day',
      period_date: null,
      page: 1,
      page_size: 20,
    });
  });

  it('switches period and category', async () => {
    const fetchMock = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: NOT_AVAILABLE,
    });
    const { user } = renderApp('/leaderboard');
    const periods = await screen.findByRole('group', { name: '榜单周期' });
    expect(
      within(periods)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['日榜', '周榜', '月榜', '总榜']);

    await user.click(within(periods).getByRole('button', { name: '总榜' }));
    await user.click(await screen.findByRole('button', { name: '男生' }));
    await waitFor(() => {
      expect(fetchMock.callsTo('get_leaderboard').at(-1)?.body).toMatchObject({
        category_id: 2,
        period_type: 'all',
      });
    });
    expect(within(periods).getByRole('button', { name: '总榜' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows a loaded state when the server answers', async () => {
    setLanguage('en');
    mockApi({ get_categories: ok(CATEGORIES), get_leaderboard: ok({ entries: [] }) });
    renderApp('/leaderboard');
    expect(await screen.findByRole('button', { name: 'Women' })).toBeTruthy();
    expect(
      await screen.findByText('The leaderboard has loaded; the full ranking arrives soon'),
    ).toBeTruthy();
  });
});
