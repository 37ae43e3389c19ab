import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pairServer, voteServer, voteStats } from '../../testing/arena-fixtures';
import { CATEGORIES, mockApi, ok } from '../../testing/mock-api';
import { SETTLE_DELAY_MS } from '../../lib/after-first-screen';
import { renderApp } from '../../testing/render-app';
import { useToastStore } from '../toasts';
import { OUTBOX_STORAGE_KEY } from './outbox-storage';

/** The browser's network flag, switched by the tests as Playwright's setOffline does. */
let online = true;

function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

/** A fetch that fails the way a browser without network does. */
function unreachable(): Promise<never> {
  return Promise.reject(new TypeError('Failed to fetch'));
}

function openArena() {
  const pairs = pairServer();
  const votes = voteServer();
  const api = mockApi({
    get_categories: ok(CATEGORIES),
    get_random_photos_for_rating: () => (online ? pairs() : unreachable()),
    submit_photo_rating: (call) => (online ? votes(call) : unreachable()),
    get_user_vote_stats: ok(voteStats({ fuel: 50 })),
  });
  renderApp('/');
  return api;
}

const choice = (n: 1 | 2) => screen.getByRole('button', { name: `选择照片 ${n}` });
const pairId = () => screen.queryByTestId('arena-pair')?.dataset.pairId;
const storedVotes = () =>
  (JSON.parse(window.localStorage.getItem(OUTBOX_STORAGE_KEY) ?? '[]') as { key: string }[]).map(
    (vote) => vote.key,
  );

beforeEach(() => {
  online = true;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  Reflect.deleteProperty(window.navigator, 'onLine');
});

describe('the arena offline', () => {
  it('queues votes on the pairs it already has, shows the offline state, and sends them once back', async () => {
    const api = openArena();
    await screen.findByTestId('arena-pair');
    await waitFor(() => {
      expect(api.callsTo('get_random_photos_for_rating')).toHaveLength(4);
    });

    setOnline(false);
    expect(screen.getByTestId('offline-banner').textContent).toContain('离线中');
    for (const expected of ['pair-1', 'pair-2', 'pair-3', 'pair-4']) {
      await waitFor(() => {
        expect(pairId()).toBe(expected);
      });
      fireEvent.click(choice(1));
      expect(await screen.findByText('已离线保存这一票，联网后自动发送')).toBeTruthy();
    }
    // Nothing left that works without the server: an honest offline state with the count.
    const state = await screen.findByTestId('arena-offline');
    expect(state.textContent).toContain('新的对决需要联网');
    expect(screen.getByTestId('offline-queued').textContent).toContain('4 票已保存');
    expect(screen.getByTestId('offline-banner').textContent).toContain('4 票已保存');
    expect(api.callsTo('submit_photo_rating')).toHaveLength(0);
    expect(storedVotes()).toEqual(['pair-1', 'pair-2', 'pair-3', 'pair-4']);
    // Optimistic progress: the four queued votes count towards unlocking at once.
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('4');
    expect(screen.getByTestId('fuel-pill').textContent).toContain('50');

    setOnline(true);
    await waitFor(() => {
      expect(api.callsTo('submit_photo_rating')).toHaveLength(4);
    });
    expect(api.callsTo('submit_photo_rating').map((call) => call.body)).toMatchObject([
      { pair_id: 'pair-1', winner_photo_id: 1 },
      { pair_id: 'pair-2', winner_photo_id: 3 },
      { pair_id: 'pair-3', winner_photo_id: 5 },
      { pair_id: 'pair-4', winner_photo_id: 7 },
    ]);
    // Reconciled with the server's answers: its fuel, its count, one summary toast.
    await waitFor(() => {
      expect(screen.getByTestId('fuel-pill').textContent).toContain('54');
    });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('4');
    expect(await screen.findByText('4 张离线投票已发送')).toBeTruthy();
    expect(
      useToastStore.getState().toasts.filter((toast) => toast.type === 'success'),
    ).toHaveLength(1);
    expect(storedVotes()).toEqual([]);
    await waitFor(() => {
      expect(screen.queryByTestId('offline-banner')).toBeNull();
    });
    // And the arena carries on by itself with a new pair.
    await waitFor(() => {
      expect(pairId()).toBe('pair-5');
    });
  });

  it('sends the votes a previous visit left behind when the app starts', async () => {
    window.localStorage.setItem(
      OUTBOX_STORAGE_KEY,
      JSON.stringify([
        {
          key: 'old-pair',
          request: {
            winner_photo_id: 11,
            loser_photo_id: 12,
            anonymous_id: 'web-x',
            pair_id: 'old-pair',
          },
          queuedAt: 1,
          attempts: 1,
        },
      ]),
    );
    const api = openArena();
    // Once the first screen is in: they do not compete with the first pair's photos.
    await screen.findByTestId('arena-pair');
    expect(api.callsTo('submit_photo_rating')).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(SETTLE_DELAY_MS);
    });
    await waitFor(() => {
      expect(api.callsTo('submit_photo_rating')).toHaveLength(1);
    });
    expect(api.callsTo('submit_photo_rating')[0]?.body).toMatchObject({ pair_id: 'old-pair' });
    expect(await screen.findByText('1 张离线投票已发送')).toBeTruthy();
    expect(storedVotes()).toEqual([]);
  });

  it('shows the offline state at once when the app starts without a network', async () => {
    online = false;
    openArena();
    expect(await screen.findByTestId('arena-offline')).toBeTruthy();
    expect(screen.getByTestId('offline-banner').textContent).toContain('已打开的内容仍可查看');
  });
});
