import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { boardEntry, boardPage, boardServer } from '../../testing/leaderboard-fixtures';
import {
  boardCalls,
  intersectAll,
  rows,
  startLeaderboardTest,
} from '../../testing/leaderboard-page';
import { CATEGORIES, fail, mockApi, ok, type RecordedCall } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';

beforeEach(startLeaderboardTest);

describe('leaderboard: the board', () => {
  it('puts the top three on a podium (2 · 1 · 3) with a crown on 1, then the rows', async () => {
    mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: boardServer({ totalItems: 6 }),
    });
    renderApp('/leaderboard');
    // The first render of a file loads the page's chunk: it may take a moment on a busy machine.
    const places = await screen.findAllByTestId('podium-place', {}, { timeout: 5000 });
    // Read in rank order; laid out second, first, third by their place classes.
    expect(places.map((place) => [place.dataset.place, place.dataset.rank])).toEqual([
      ['1', '1'],
      ['2', '2'],
      ['3', '3'],
    ]);
    expect(places.map((place) => place.className.match(/podium__place--\d/)?.[0])).toEqual([
      'podium__place--1',
      'podium__place--2',
      'podium__place--3',
    ]);
    const [first] = places as [HTMLElement];
    expect(within(first).getByTestId('crown')).toBeTruthy();
    expect(screen.getAllByTestId('crown')).toHaveLength(1);
    expect(within(first).getByTestId('entry-score').textContent).toBe('颜值分 9.4');
    expect(rows().map((row) => row.dataset.rank)).toEqual(['4', '5', '6']);
    expect(screen.getByRole('list', { name: '前三名' })).toBeTruthy();
    expect(screen.getByRole('list', { name: '排名' })).toBeTruthy();
  });

  it('paints the thumbnail placeholder first and gives the image its size', async () => {
    mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: boardServer({ totalItems: 4 }),
    });
    renderApp('/leaderboard');
    await screen.findAllByTestId('podium-place');
    const [row] = rows() as [HTMLElement];
    const img = within(row).getByRole('img', { name: '选手4 的照片' });
    expect(img.getAttribute('src')).toBe('/media/photos/1004-thumb.webp');
    expect(img.getAttribute('width')).toBe('48');
    expect(img.getAttribute('height')).toBe('64');
    const placeholder = row.querySelector<HTMLElement>('.board-thumb__placeholder');
    expect(placeholder?.style.backgroundImage).toContain('data:image/webp');
    expect(row.textContent).toContain('44 场对决');
    expect(within(row).getByTestId('entry-score').textContent).toBe('颜值分 9.1');
  });

  it('shows shared ranks for ties', async () => {
    mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: ok(
        boardPage({
          items: [
            boardEntry(1),
            boardEntry(2, { id: 2001, current_score: 900 }),
            boardEntry(2, { id: 2002, current_score: 900 }),
            boardEntry(4),
            boardEntry(4, { id: 2004, current_score: 910 }),
            boardEntry(6),
          ],
        }),
      ),
    });
    renderApp('/leaderboard');
    const places = await screen.findAllByTestId('podium-place');
    expect(places.map((place) => place.dataset.rank)).toEqual(['1', '2', '2']);
    expect(rows().map((row) => row.dataset.rank)).toEqual(['4', '4', '6']);
    expect(within(rows()[1] as HTMLElement).getByText('第 4 名')).toBeTruthy();
  });

  it('shows rank changes: ▲ gained, ▼ lost, 新 for new, – for none', async () => {
    mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: ok(
        boardPage({
          items: [
            boardEntry(1),
            boardEntry(2),
            boardEntry(3),
            boardEntry(4, { rank_change: 3 }),
            boardEntry(5, { rank_change: -2 }),
            boardEntry(6, { rank_change: null }),
            boardEntry(7, { rank_change: 0 }),
          ],
        }),
      ),
    });
    renderApp('/leaderboard');
    await screen.findAllByTestId('podium-place');
    const changes = rows().map((row) => within(row).getByTestId('rank-change'));
    expect(changes.map((change) => change.dataset.change)).toEqual(['up', 'down', 'new', 'same']);
    expect(changes.map((change) => change.textContent)).toEqual([
      '▲3上升 3 名',
      '▼2下降 2 名',
      '新新上榜',
      '–排名不变',
    ]);
  });

  it('highlights my own rows', async () => {
    mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: ok(
        boardPage({
          items: [boardEntry(1), boardEntry(2), boardEntry(3), boardEntry(4, { is_mine: true })],
        }),
      ),
    });
    renderApp('/leaderboard');
    await screen.findAllByTestId('podium-place');
    const [mine] = rows() as [HTMLElement];
    expect(mine.className).toContain('board-row--mine');
    expect(within(mine).getByText('我')).toBeTruthy();
  });

  it('reads page 2 when the end of the list comes into view, with skeleton rows meanwhile', async () => {
    let releasePage2: () => void = () => undefined;
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: async (call: RecordedCall) => {
        const { page } = call.body as { page: number };
        if (page === 2) {
          await new Promise<void>((resolve) => {
            releasePage2 = resolve;
          });
        }
        return ok(boardPage({ page, totalItems: 45 }));
      },
    });
    renderApp('/leaderboard');
    await screen.findAllByTestId('podium-place');
    expect(rows()).toHaveLength(17);
    expect(boardCalls(api)).toHaveLength(1);

    intersectAll();
    await waitFor(() => {
      expect(boardCalls(api).at(-1)).toMatchObject({ page: 2 });
    });
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    expect(screen.getByTestId('leaderboard-announcer').textContent).toBe('正在加载更多排名…');
    releasePage2();
    await waitFor(() => {
      expect(rows()).toHaveLength(37);
    });
    expect(screen.getByTestId('leaderboard-announcer').textContent).toBe('已显示 40 / 45 名');

    intersectAll();
    await waitFor(() => {
      expect(rows()).toHaveLength(42);
    });
    expect(screen.getByText('已经到底了')).toBeTruthy();
    expect(boardCalls(api).map((body) => body.page)).toEqual([1, 2, 3]);
  });

  it('invites to vote or upload when the board is empty', async () => {
    mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: boardServer({ totalItems: 0 }),
    });
    renderApp('/leaderboard');
    expect(await screen.findByText('还没有上榜的照片')).toBeTruthy();
    const empty = screen.getByTestId('empty-state');
    expect(within(empty).getByRole('link', { name: '去投票' }).getAttribute('href')).toBe('/');
    expect(within(empty).getByRole('link', { name: '上传照片' }).getAttribute('href')).toBe(
      '/upload',
    );
  });

  it("shows the server's message and a retry that works", async () => {
    let failing = true;
    mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: (call) =>
        failing ? fail(50000, '服务器开小差了') : boardServer({ totalItems: 3 })(call),
    });
    const { user } = renderApp('/leaderboard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('服务器开小差了');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findAllByTestId('podium-place')).toHaveLength(3);
  });
});

describe('leaderboard: my rank', () => {
  it('shows my rank and jumps to my row, reading the pages up to mine', async () => {
    const mine = boardEntry(37, { is_mine: true, current_score: 722 });
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: (call) => {
        const { page } = call.body as { page: number };
        const page2 = boardPage({ page: 2, totalItems: 100 });
        const items = page === 2 ? page2.items.map((e) => (e.rank === 37 ? mine : e)) : undefined;
        return ok(boardPage({ page, totalItems: 100, items, myEntry: mine, myPage: 2 }));
      },
    });
    const { user } = renderApp('/leaderboard');
    const bar = await screen.findByTestId('my-rank-bar');
    expect(bar.textContent).toContain('我的排名 #37 · 7.2');
    expect(rows()).toHaveLength(17);

    await user.click(within(bar).getByRole('button', { name: /我的排名 #37/ }));
    const row = await waitFor(() => {
      const found = rows().find((element) => element.dataset.rank === '37');
      expect(found?.className).toContain('is-flashing');
      return found as HTMLElement;
    });
    expect(row.dataset.mine).toBe('true');
    expect(document.activeElement).toBe(row);
    expect(screen.getByTestId('leaderboard-announcer').textContent).toBe(
      '已跳到你的排名：第 37 名',
    );
    expect(boardCalls(api).map((body) => body.page)).toEqual([1, 2]);
  });

  it('jumps straight to my page when it is far, and goes back to the top', async () => {
    const mine = boardEntry(987, { is_mine: true, current_score: 512 });
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: (call) => {
        const { page } = call.body as { page: number };
        const base = boardPage({ page, totalItems: 1200 });
        const items = base.items.map((e) => (e.rank === 987 ? mine : e));
        return ok(boardPage({ page, totalItems: 1200, items, myEntry: mine, myPage: 50 }));
      },
    });
    const { user } = renderApp('/leaderboard');
    const bar = await screen.findByTestId('my-rank-bar');
    await user.click(within(bar).getByRole('button', { name: /我的排名 #987/ }));
    await waitFor(() => {
      expect(rows().find((row) => row.dataset.rank === '987')?.className).toContain('is-flashing');
    });
    expect(boardCalls(api).map((body) => body.page)).toEqual([1, 50]);
    expect(screen.queryByTestId('podium')).toBeNull();
    const jump = screen.getByTestId('board-jump');
    expect(jump.textContent).toContain('从第 981 名开始显示');

    await user.click(within(jump).getByRole('button', { name: '加载前面的排名' }));
    await waitFor(() => {
      expect(boardCalls(api).at(-1)).toMatchObject({ page: 49 });
    });
    await waitFor(() => {
      expect(rows()[0]?.dataset.rank).toBe('961');
    });

    await user.click(within(jump).getByRole('button', { name: '回到榜首' }));
    expect(await screen.findByTestId('podium')).toBeTruthy();
    expect(screen.queryByTestId('board-jump')).toBeNull();
  });

  it('invites a visitor without a photo on the board to upload, without a share button', async () => {
    mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: boardServer({ totalItems: 3 }),
    });
    renderApp('/leaderboard');
    const bar = await screen.findByTestId('my-rank-bar');
    expect(bar.textContent).toContain('想看看你排第几？');
    expect(within(bar).getByRole('link', { name: '上传照片' }).getAttribute('href')).toBe(
      '/upload',
    );
    expect(within(bar).queryByRole('button', { name: '分享我的排名' })).toBeNull();
  });
});
