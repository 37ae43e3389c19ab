import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDeviceId } from '../../lib/identity';
import { CATEGORIES, NOT_AVAILABLE, USER_INFO, fail, mockApi, ok } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { useUserStore } from '../user';

describe('arena page', () => {
  it('shows the categories, asks for a pair of the first one and shows the server answer', async () => {
    const fetchMock = mockApi({
      get_categories: ok(CATEGORIES),
      get_random_photos_for_rating: NOT_AVAILABLE,
    });
    renderApp('/');

    const chips = await screen.findByRole('group', { name: '分类' });
    const names = within(chips)
      .getAllByRole('button')
      .map((chip) => chip.textContent);
    expect(names).toEqual(['女生', '男生', '明星', 'AI']);
    expect(within(chips).getByRole('button', { name: '女生' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    expect(await screen.findByText('该功能尚未开放')).toBeTruthy();
    expect(fetchMock.callsTo('get_random_photos_for_rating')[0]?.body).toEqual({
      category_id: 1,
      anonymous_id: getDeviceId(),
      user_id: null,
    });
    // Two 3:4 frames are laid out, and the default fuel shows without a user.
    expect(screen.getByRole('figure', { name: '照片 1' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: '照片 2' })).toBeTruthy();
    expect(screen.getByTestId('fuel-pill').textContent).toContain('50');
    expect(screen.getByRole('link', { name: '个人中心' }).getAttribute('href')).toBe('/profile');
  });

  it('asks for a pair of the chosen category with the user id when signed in', async () => {
    useUserStore.getState().setUser(USER_INFO);
    const fetchMock = mockApi({
      get_categories: ok(CATEGORIES),
      get_random_photos_for_rating: NOT_AVAILABLE,
    });
    const { user } = renderApp('/arena');
    await user.click(await screen.findByRole('button', { name: '明星' }));
    await waitFor(() => {
      expect(fetchMock.callsTo('get_random_photos_for_rating').at(-1)?.body).toMatchObject({
        category_id: 3,
        user_id: 7,
      });
    });
    expect(screen.getByTestId('fuel-pill').textContent).toContain('88');
  });

  it('shows a category error with a retry that works', async () => {
    let attempts = 0;
    mockApi({
      get_categories: () => {
        attempts += 1;
        return attempts === 1 ? fail(50000, '服务器开小差了，请稍后再试') : ok(CATEGORIES);
      },
      get_random_photos_for_rating: NOT_AVAILABLE,
    });
    const { user } = renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('分类加载失败');
    expect(alert.textContent).toContain('服务器开小差了，请稍后再试');
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: '女生' })).toBeTruthy();
  });

  it('shows a loading state while the categories arrive', async () => {
    mockApi({
      get_categories: () => new Promise(() => undefined),
    });
    renderApp('/');
    const status = await screen.findByRole('status', { busy: true });
    expect(status.textContent).toContain('加载中');
  });
});
