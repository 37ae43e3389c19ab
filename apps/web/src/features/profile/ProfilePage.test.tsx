import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOT_AVAILABLE, USER_INFO, mockApi, ok } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { useUserStore } from '../user';

function signIn() {
  useUserStore
    .getState()
    .setSession({ token: 'tok', refresh_token: 'r', userInfo: { ...USER_INFO } });
}

describe('profile page', () => {
  it('shows the user: nickname, fuel, rank, rating 5.0 and level without photos', async () => {
    signIn();
    mockApi({ get_my_photos: NOT_AVAILABLE });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: '小明' })).toBeTruthy();
    expect(screen.getByTestId('fuel').textContent).toContain('88');
    expect(screen.getByTestId('rank').textContent).toBe('#123');
    expect(screen.getByTestId('rating').textContent).toBe('5.0');
    expect(screen.getByTestId('level').textContent).toBe('颜值新手');
    expect(await screen.findByText('该功能尚未开放')).toBeTruthy();
  });

  it('takes rating and level from the best photo when the list arrives', async () => {
    signIn();
    mockApi({
      get_my_photos: ok({
        photos: [
          { id: 3, current_score: 812 },
          { id: 4, current_score: 640 },
        ],
        current_page: 1,
        total_pages: 1,
        total_photos: 2,
      }),
    });
    renderApp('/profile');
    await waitFor(() => {
      expect(screen.getByTestId('rating').textContent).toBe('8.1');
    });
    expect(screen.getByTestId('level').textContent).toBe('颜值大神');
    expect(screen.getByText('共 2 张照片')).toBeTruthy();
  });

  it('switches the language', async () => {
    signIn();
    mockApi({ get_my_photos: NOT_AVAILABLE });
    const { user } = renderApp('/profile');
    const english = await screen.findByRole('button', { name: 'English' });
    await user.click(english);
    expect(english.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal centre' })).toBeTruthy();
    expect(screen.getByTestId('level').textContent).toBe('Beauty Novice');
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.language)).toBe('en');
    await waitFor(() => {
      expect(document.title).toBe('Personal centre');
    });
  });

  it('signs out through /api/sign_out and then shows the invitation', async () => {
    signIn();
    const fetchMock = mockApi({ get_my_photos: NOT_AVAILABLE, sign_out: ok({ signed_out: true }) });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('还没有你的照片')).toBeTruthy();
    expect(fetchMock.callsTo('sign_out')).toHaveLength(1);
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.userInfo)).toBeNull();
    expect((await screen.findByTestId('toast')).textContent).toContain('已退出登录');
  });

  it('invites a visitor without a user to upload, with the language switch', async () => {
    const fetchMock = mockApi();
    renderApp('/profile');
    expect(await screen.findByText('还没有你的照片')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: '上传照片' });
    expect(links[0]?.getAttribute('href')).toBe('/upload');
    expect(screen.getByRole('group', { name: '语言' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
