import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUserStore } from '../services/user';
import { CATEGORIES, NOT_AVAILABLE, USER_INFO, mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

describe('app layout', () => {
  it('captures query parameters on a later navigation and cleans the address', async () => {
    const fetchMock = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: NOT_AVAILABLE,
      get_random_photos_for_rating: NOT_AVAILABLE,
      get_user_info: ok(USER_INFO),
    });
    const { router } = renderApp('/');
    await screen.findByRole('button', { name: '女生' });

    await router.navigate('/leaderboard?tokenId=late-tok&device-id=host-dev&tab=2#me');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?tab=2');
    });
    expect(router.state.location.pathname).toBe('/leaderboard');
    expect(router.state.location.hash).toBe('#me');
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBe('late-tok');
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.deviceId)).toBe('host-dev');

    // A fresh token is checked at once and its user greeted.
    expect((await screen.findByTestId('toast')).textContent).toContain('欢迎回来，小明');
    expect(useUserStore.getState().user?.id).toBe(7);
    expect(fetchMock.callsTo('get_user_info')[0]?.headers.get('access-token')).toBe('late-tok');
  });

  it('replays the entrance transition of each page it navigates to, not of the first one', async () => {
    mockApi({ get_categories: ok(CATEGORIES), get_random_photos_for_rating: NOT_AVAILABLE });
    const { router } = renderApp('/');
    await screen.findByRole('button', { name: '女生' });
    const first = screen.getByTestId('route-transition');
    // The page the app opens on is painted at once: nothing to come from.
    expect(first.dataset.transition).toBe('none');
    // A replace on the same page (the host's token leaving the address) changes nothing.
    await router.navigate('/?from=test', { replace: true });
    expect(screen.getByTestId('route-transition').dataset.transition).toBe('none');
    await router.navigate('/arena');
    await waitFor(() => {
      expect(screen.getByTestId('route-transition').dataset.transition).toBe('slide-left');
    });
    // A new element, so the CSS animation runs again.
    expect(screen.getByTestId('route-transition')).not.toBe(first);
    // Back on the first page, it comes in like any other.
    await router.navigate('/');
    await waitFor(() => {
      expect(screen.getByTestId('route-transition').dataset.transition).toBe('fade');
    });
  });

  it('offers a skip link to the main content', async () => {
    mockApi({ get_categories: ok(CATEGORIES), get_random_photos_for_rating: NOT_AVAILABLE });
    const { user } = renderApp('/');
    await screen.findByRole('button', { name: '女生' });
    await user.click(screen.getByRole('link', { name: '跳到主要内容' }));
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
