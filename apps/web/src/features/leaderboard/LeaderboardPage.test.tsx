import { PERIOD_TYPES } from '@yanzhi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { getToken } from '../../lib/identity';
import { boardServer } from '../../testing/leaderboard-fixtures';
import { boardCalls, startLeaderboardTest } from '../../testing/leaderboard-page';
import { CATEGORIES, fail, mockApi, ok } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { LEADERBOARD_PERIODS } from './api/get-leaderboard';

beforeEach(startLeaderboardTest);

describe('leaderboard: choosing a board', () => {
  it("offers the contract's periods", () => {
    expect(LEADERBOARD_PERIODS).toEqual(PERIOD_TYPES);
  });

  it("asks for today's board of the first category, page 1 of 20", async () => {
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: boardServer({ totalItems: 5 }),
    });
    renderApp('/leaderboard');
    expect(await screen.findByRole('heading', { level: 1, name: '排行榜' })).toBeTruthy();
    expect(await screen.findAllByTestId('podium-place')).toHaveLength(3);
    expect(boardCalls(api)[0]).toEqual({
      category_id: 1,
      period_type: 'day',
      period_date: null,
      page: 1,
      page_size: 20,
    });
  });

  it('sends the period of the chosen tab, with the arrow keys too, and keeps it in the address', async () => {
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: boardServer({ totalItems: 5 }),
    });
    const { user, router } = renderApp('/leaderboard');
    const tabs = await screen.findByRole('tablist', { name: '榜单周期' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['日榜', '周榜', '月榜', '总榜']);
    await screen.findAllByTestId('podium-place');

    await user.click(within(tabs).getByRole('tab', { name: '总榜' }));
    await waitFor(() => {
      expect(boardCalls(api).at(-1)).toMatchObject({ period_type: 'all', period_date: null });
    });
    expect(router.state.location.search).toBe('?category=1&period=all');
    expect(router.state.historyAction).toBe('REPLACE');
    // The panel is labelled by the selected tab; no past-period picker on the all-time board.
    expect(screen.getByRole('tabpanel', { name: '总榜' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: '往期榜单' })).toBeNull();

    const all = within(tabs).getByRole('tab', { name: '总榜' });
    all.focus();
    await user.keyboard('{ArrowLeft}');
    const month = within(tabs).getByRole('tab', { name: '月榜' });
    expect(month.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(month);
    await waitFor(() => {
      expect(boardCalls(api).at(-1)).toMatchObject({ period_type: 'month' });
    });
    await user.keyboard('{Home}');
    expect(within(tabs).getByRole('tab', { name: '日榜' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(router.state.location.search).toBe('?category=1&period=day');

    await user.click(await screen.findByRole('button', { name: '男生' }));
    await waitFor(() => {
      expect(boardCalls(api).at(-1)).toMatchObject({ category_id: 2, period_type: 'day' });
    });
    expect(router.state.location.search).toBe('?category=2&period=day');
  });

  it('opens the board of a shared link: category, period and date', async () => {
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: boardServer({
        totalItems: 4,
        periodStart: '2026-03-02',
        periodEnd: '2026-03-08',
        frozen: true,
      }),
    });
    renderApp('/leaderboard?category=2&period=week&date=2026-03-04');
    await screen.findAllByTestId('podium-place');
    expect(boardCalls(api)[0]).toEqual({
      category_id: 2,
      period_type: 'week',
      period_date: '2026-03-04',
      page: 1,
      page_size: 20,
    });
    expect(screen.getByRole('button', { name: '男生' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('tab', { name: '周榜' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('period-label').textContent).toContain('3月2日 – 3月8日');
  });

  it("keeps the board's parameters while the shell takes the host's token from the address", async () => {
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: boardServer({ totalItems: 3 }),
    });
    const { router } = renderApp('/leaderboard?category=3&period=month&access-token=host-tok');
    await screen.findAllByTestId('podium-place');
    expect(getToken()).toBe('host-tok');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?category=3&period=month');
    });
    expect(boardCalls(api)[0]).toMatchObject({ category_id: 3, period_type: 'month' });
  });

  it('falls back to the first category and the daily board for unknown parameters', async () => {
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: boardServer({ totalItems: 3 }),
    });
    renderApp('/leaderboard?category=99&period=yearly&date=2026-02-30');
    await screen.findAllByTestId('podium-place');
    expect(boardCalls(api)[0]).toMatchObject({
      category_id: 1,
      period_type: 'day',
      period_date: null,
    });
  });
  it('leaves the board out while the categories cannot be loaded, with their retry', async () => {
    const api = mockApi({ get_categories: fail(50000, '分类服务不可用') });
    renderApp('/leaderboard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('分类服务不可用');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(screen.queryByRole('group', { name: '往期榜单' })).toBeNull();
    expect(boardCalls(api)).toHaveLength(0);
  });
});

describe('leaderboard: past periods', () => {
  it('steps to the previous period, marks it final, and comes back', async () => {
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: boardServer((request) =>
        request.period_date === null
          ? { totalItems: 3, periodStart: '2026-07-06', periodEnd: '2026-07-12' }
          : {
              totalItems: 3,
              periodStart: '2026-06-29',
              periodEnd: '2026-07-05',
              frozen: true,
            },
      ),
    });
    const { user, router } = renderApp('/leaderboard?period=week');
    const picker = await screen.findByRole('group', { name: '往期榜单' });
    await waitFor(() => {
      expect(screen.getByTestId('period-label').textContent).toContain('7月6日 – 7月12日');
    });
    expect(screen.getByTestId('period-label').textContent).toContain('进行中');
    const next = within(picker).getByRole('button', { name: '下一期' });
    expect(next.getAttribute('aria-disabled')).toBe('true');

    await user.click(within(picker).getByRole('button', { name: '上一期' }));
    await waitFor(() => {
      expect(boardCalls(api).at(-1)).toMatchObject({
        period_type: 'week',
        period_date: '2026-07-05',
        page: 1,
      });
    });
    expect(await screen.findByTestId('frozen-badge')).toBeTruthy();
    expect(screen.getByTestId('frozen-badge').textContent).toBe('已冻结');
    expect(router.state.location.search).toBe('?category=1&period=week&date=2026-07-05');
    expect(next.getAttribute('aria-disabled')).toBe('false');

    await user.click(within(picker).getByRole('button', { name: '回到本期' }));
    await waitFor(() => {
      expect(screen.queryByTestId('frozen-badge')).toBeNull();
    });
    // The current week again (still in the cache: no second request).
    expect(screen.getByTestId('period-label').textContent).toContain('7月6日 – 7月12日');
    expect(router.state.location.search).toBe('?category=1&period=week');
  });

  it('sends the day picked in the date input', async () => {
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: boardServer({ totalItems: 3 }),
    });
    renderApp('/leaderboard');
    const input = await screen.findByLabelText('选择日期');
    expect(input.getAttribute('max')).toBe('2026-07-08');
    fireEvent.change(input, { target: { value: '2026-05-20' } });
    await waitFor(() => {
      expect(boardCalls(api).at(-1)).toMatchObject({
        period_type: 'day',
        period_date: '2026-05-20',
      });
    });
  });

  it('keeps the date input and the previous step within the days the server accepts', async () => {
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: boardServer({ totalItems: 3, earliestDate: '2026-07-08' }),
    });
    renderApp('/leaderboard');
    const picker = await screen.findByRole('group', { name: '往期榜单' });
    const input = await screen.findByLabelText('选择日期');
    await waitFor(() => {
      expect(input.getAttribute('min')).toBe('2026-07-08');
    });
    expect(input.getAttribute('max')).toBe('2026-07-08');
    const previous = within(picker).getByRole('button', { name: '上一期' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    const calls = boardCalls(api).length;
    fireEvent.change(input, { target: { value: '0100-01-01' } });
    // Clamped to the first day: today's board, already shown.
    expect(boardCalls(api)).toHaveLength(calls);
  });

  it('reads a date before 2000 in the address as the current period', async () => {
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: boardServer({ totalItems: 3 }),
    });
    renderApp('/leaderboard?date=0100-01-01');
    await screen.findByRole('group', { name: '往期榜单' });
    await waitFor(() => {
      expect(boardCalls(api).at(-1)).toMatchObject({ period_type: 'day', period_date: null });
    });
  });

  it('shows the English "Final" label', async () => {
    setLanguage('en');
    mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: boardServer({ totalItems: 3, frozen: true, periodStart: '2026-07-01' }),
    });
    renderApp('/leaderboard?date=2026-07-01');
    expect((await screen.findByTestId('frozen-badge')).textContent).toBe('Final');
    expect(screen.getByTestId('period-label').textContent).toContain('Jul 1, 2026');
  });
});
