import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../services/toasts';
import { useUserStore } from '../services/user';
import { getSessionId } from '../lib/identity';
import { USER_INFO, fail, mockApi, ok } from '../testing/mock-api';
import { startApp } from './bootstrap';

describe('start-up', () => {
  beforeEach(() => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-CN');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN']);
  });

  it('captures the address, sets up identity, and greets the user of a fresh token', async () => {
    window.history.replaceState(null, '', '/profile?access-token=host-tok&version=6.90.0&ref=ad');
    const fetchMock = mockApi({ get_user_info: ok(USER_INFO) });

    const { captured } = startApp();

    expect(captured).toEqual({ token: 'host-tok', version: '6.90.0' });
    expect(window.location.pathname + window.location.search).toBe('/profile?ref=ad');
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.deviceId)).toMatch(/^web-/);
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.sessionId)).toBe(getSessionId());
    expect(getSessionId()).toMatch(/^X_/);

    await waitFor(() => {
      expect(useUserStore.getState().user?.nickname).toBe('小明');
    });
    const call = fetchMock.callsTo('get_user_info')[0];
    expect(call?.body).toEqual({ token: 'host-tok' });
    expect(call?.headers.get('access-token')).toBe('host-tok');
    expect(call?.headers.get('version')).toBe('6.90.0');
    expect(useToastStore.getState().toasts).toMatchObject([{ message: '欢迎回来，小明' }]);
  });

  it('loads the stored user at once and refreshes it quietly', async () => {
    window.history.replaceState(null, '', '/');
    localStorage.setItem(CLIENT_STORAGE_KEYS.token, 'old-tok');
    localStorage.setItem(CLIENT_STORAGE_KEYS.userInfo, JSON.stringify(USER_INFO));
    const fetchMock = mockApi({ get_user_info: ok({ ...USER_INFO, fuel: 99 }) });

    startApp();
    expect(useUserStore.getState().user?.fuel).toBe(88);
    await waitFor(() => {
      expect(useUserStore.getState().user?.fuel).toBe(99);
    });
    expect(fetchMock.callsTo('get_user_info')).toHaveLength(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('drops the token and the user when the server rejects it, saying so once (ADR 0002)', async () => {
    window.history.replaceState(null, '', '/');
    localStorage.setItem(CLIENT_STORAGE_KEYS.token, 'revoked');
    localStorage.setItem(CLIENT_STORAGE_KEYS.userInfo, JSON.stringify(USER_INFO));
    const fetchMock = mockApi({ get_user_info: fail(40103, '登录已失效，请重新登录') });

    startApp();
    await waitFor(() => {
      expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBeNull();
    });
    expect(useUserStore.getState().user).toBeNull();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.userInfo)).toBeNull();
    expect(useToastStore.getState().toasts).toMatchObject([
      { type: 'warning', message: '登录已失效，你可以继续以游客身份使用' },
    ]);

    // The next start has nothing to refuse and says nothing.
    startApp();
    expect(fetchMock.callsTo('get_user_info')).toHaveLength(1);
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });

  it('follows an English browser from the first render', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
    window.history.replaceState(null, '', '/');
    mockApi();
    startApp();
    expect(document.documentElement.lang).toBe('en');
  });

  it("follows the host's language hint over a Chinese browser", () => {
    window.history.replaceState(null, '', '/?access-token=host-tok&lang=en');
    mockApi({ get_user_info: ok(USER_INFO) });
    startApp();
    expect(document.documentElement.lang).toBe('en');
  });

  it('asks the server nothing on a first visit without a token', () => {
    window.history.replaceState(null, '', '/');
    const fetchMock = mockApi();
    startApp();
    expect(useUserStore.getState().user).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
