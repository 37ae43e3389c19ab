import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boardEntry, boardPage } from '../../testing/leaderboard-fixtures';
import { rows, startLeaderboardTest } from '../../testing/leaderboard-page';
import { CATEGORIES, mockApi, ok } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';

/** Issue 17: the leaderboard tells the truth (placement, rank changes, offline). */

beforeEach(startLeaderboardTest);

/** The page's chunk loads lazily: the first render of a file may take a moment on a busy machine. */
const SLOW = { timeout: 5000 };

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  onlineManager.setOnline(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  setOnline(true);
  vi.restoreAllMocks();
});

const provisional = boardEntry(4, {
  current_score: 890,
  provisional: true,
  placement: { matches_to_place: 12, score_low: 684, score_high: 970 },
});

describe('leaderboard truth', () => {
  it('shows a provisional photo as 定级中 with its range, never a precise score', async () => {
    mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: ok(
        boardPage({ items: [boardEntry(1), boardEntry(2), boardEntry(3), provisional] }),
      ),
    });
    renderApp('/leaderboard');
    await screen.findAllByTestId('podium-place', {}, SLOW);
    const [row] = rows() as [HTMLElement];
    const score = within(row).getByTestId('entry-score');
    expect(score.dataset.provisional).toBe('true');
    expect(within(score).getByTestId('provisional-badge').textContent).toBe('定级中');
    expect(score.textContent).toContain('6.8–9.7');
    expect(score.textContent).not.toContain('8.9');
    expect(within(score).getByText('定级中，颜值分大约在 6.8 到 9.7 之间')).toBeTruthy();
  });

  it('says nothing about rank changes on a board with no earlier day (no 新 on every row)', async () => {
    mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: ok(
        boardPage({
          changesSince: null,
          items: [1, 2, 3, 4, 5].map((rank) => boardEntry(rank, { rank_change: null })),
        }),
      ),
    });
    renderApp('/leaderboard');
    await screen.findAllByTestId('podium-place', {}, SLOW);
    expect(rows()).toHaveLength(2);
    expect(screen.queryAllByTestId('rank-change')).toHaveLength(0);
    expect(screen.queryByText('新')).toBeNull();
  });

  it('marks only the photo new to a board that compares with yesterday', async () => {
    mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: ok(
        boardPage({
          changesSince: '2026-07-07',
          items: [
            boardEntry(1, { rank_change: 1 }),
            boardEntry(2, { rank_change: -1 }),
            boardEntry(3, { rank_change: 0 }),
            boardEntry(4, { rank_change: null }),
          ],
        }),
      ),
    });
    renderApp('/leaderboard');
    const places = await screen.findAllByTestId('podium-place', {}, SLOW);
    const marks = [...places, ...rows()].map(
      (entry) => within(entry).getByTestId('rank-change').dataset.change,
    );
    expect(marks).toEqual(['up', 'down', 'same', 'new']);
  });

  it('offline with no board loaded says so at once, with a retry, instead of loading forever', async () => {
    setOnline(false);
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: ok(boardPage({ items: [boardEntry(1)] })),
    });
    renderApp('/leaderboard');
    const offline = await screen.findByTestId('board-offline', {}, SLOW);
    expect(offline.textContent).toContain('你已离线');
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    // Back online, the retry loads the board.
    act(() => {
      setOnline(true);
    });
    fireEvent.click(within(offline).getByRole('button', { name: '重试' }));
    await screen.findAllByTestId('podium-place', {}, SLOW);
    expect(api.callsTo('get_leaderboard').length).toBeGreaterThan(0);
  });

  it('offline over a board loaded earlier shows it as cached, with its time', async () => {
    mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: ok(boardPage({ items: [boardEntry(1)], asOf: '2026-07-08T01:05:00.000Z' })),
    });
    renderApp('/leaderboard');
    await screen.findAllByTestId('podium-place', {}, SLOW);
    expect(screen.queryByTestId('board-cached')).toBeNull();
    act(() => {
      setOnline(false);
    });
    const note = await screen.findByTestId('board-cached');
    expect(note.textContent).toMatch(/^离线 · 显示的是 .*09:05.* 的榜单$/);
    expect(screen.getAllByTestId('podium-place')).toHaveLength(1);
  });
});
