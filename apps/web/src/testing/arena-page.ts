import { act, screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { REVEAL_MS } from '../features/arena/use-vote';
import { useToastStore } from '../services/toasts';
import { pairServer, voteServer, voteStats } from './arena-fixtures';
import { CATEGORIES, mockApi, ok } from './mock-api';
import { renderApp } from './render-app';

/** What the arena page's tests share: the clock, the controls and an arena with its first pair. */

/** Fake clocks that still move on their own, so the fake server's promises settle. */
export function useClock() {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });
}

export function endReveal() {
  act(() => {
    vi.advanceTimersByTime(REVEAL_MS);
  });
}

export const choice = (n: 1 | 2) => screen.getByRole('button', { name: `选择照片 ${n}` });
export const pairId = () => screen.getByTestId('arena-pair').dataset.pairId;
/** The toasts of a kind on screen or waiting their turn (one shows at a time). */
export const toastsOfKind = (kind: string) => {
  const { toasts, queue } = useToastStore.getState();
  return [...toasts, ...queue].filter((toast) => toast.kind === kind);
};

/** Every toast on screen or waiting. */
export const allToasts = () => {
  const { toasts, queue } = useToastStore.getState();
  return [...toasts, ...queue];
};

export async function openArena(
  handlers: Parameters<typeof mockApi>[0] = {},
  path = '/',
): Promise<ReturnType<typeof mockApi> & { view: ReturnType<typeof renderApp> }> {
  const api = mockApi({
    get_categories: ok(CATEGORIES),
    get_random_photos_for_rating: pairServer(),
    submit_photo_rating: voteServer(),
    get_user_vote_stats: ok(voteStats()),
    ...handlers,
  });
  const view = renderApp(path);
  await screen.findByTestId('arena-pair');
  // The next pairs are asked for once the photos on screen are in (they go first): by the
  // third request the second pair is waiting.
  await waitFor(() => {
    expect(api.callsTo('get_random_photos_for_rating').length).toBeGreaterThanOrEqual(3);
  });
  return Object.assign(api, { view });
}
