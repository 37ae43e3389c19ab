import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { USER_INFO, fail, mockApi, ok } from '../../testing/mock-api';
import { useToastStore } from '../toasts';
import { selectIsLoggedIn, selectLevel, selectRating, useUserStore } from './user-store';

const store = () => useUserStore.getState();

function photos(...scores: number[]) {
  return scores.map((current_score, index) => ({ id: index + 1, current_score }));
}

function signIn() {
  store().setSession({ token: 'tok', refresh_token: 'refresh', userInfo: { ...USER_INFO } });
}

describe('user store (spec §3-§5)', () => {
  it('starts signed out with rating 5 and the novice level', () => {
    expect(selectIsLoggedIn(store())).toBe(false);
    expect(selectRating(store())).toBe(5);
    expect(selectLevel(store()).name).toBe('颜值新手');
  });

  it('defaults fuel to 50 and rank to 123', () => {
    const { fuel: _fuel, ...withoutFuel } = USER_INFO;
    store().setUser(withoutFuel);
    expect(store().user).toMatchObject({ id: 7, nickname: '小明', fuel: 50, rank: 123 });
    expect(selectIsLoggedIn(store())).toBe(true);
  });

  it("takes the user's fuel when the server gives it", () => {
    store().setUser(USER_INFO);
    expect(store().user?.fuel).toBe(88);
  });

  it('keeps the fuel the server reports for a signed-in user, and nothing without one', () => {
    store().setFuel(70);
    expect(store().user).toBeNull();
    store().setUser(USER_INFO);
    store().setFuel(91);
    expect(store().user?.fuel).toBe(91);
    expect(JSON.parse(localStorage.getItem(CLIENT_STORAGE_KEYS.userInfo) ?? 'null')).toMatchObject({
      fuel: 91,
    });
  });

  it('derives rating and level from the best (first) photo', () => {
    store().setPhotoPage({
      photos: photos(712, 930),
      current_page: 1,
      total_pages: 1,
      total_photos: 2,
    });
    expect(selectRating(store())).toBe(7.12);
    expect(selectLevel(store()).name).toBe('颜值高手');
    store().setPhotoPage({ photos: photos(930), current_page: 1, total_pages: 1, total_photos: 1 });
    expect(selectLevel(store()).name).toBe('颜值超神');
    store().setPhotoPage({ photos: photos(480), current_page: 1, total_pages: 1, total_photos: 1 });
    expect(selectLevel(store()).name).toBe('颜值萌新');
  });

  it('persists id plus userInfo and the refresh token, and loads them on start', () => {
    signIn();
    expect(JSON.parse(localStorage.getItem(CLIENT_STORAGE_KEYS.userInfo) ?? 'null')).toEqual(
      USER_INFO,
    );
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBe('tok');
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.refreshToken)).toBe('refresh');

    useUserStore.setState({ user: null });
    store().hydrate();
    expect(store().user).toMatchObject({ ...USER_INFO, rank: 123 });
  });

  it('loads nobody from missing or broken storage', () => {
    localStorage.setItem(CLIENT_STORAGE_KEYS.userInfo, '{not json');
    store().hydrate();
    expect(store().user).toBeNull();
    localStorage.setItem(CLIENT_STORAGE_KEYS.userInfo, JSON.stringify({ nickname: 'no id' }));
    store().hydrate();
    expect(store().user).toBeNull();
  });

  it('clearUser resets photos and paging and removes userInfo, token and refresh token', () => {
    signIn();
    localStorage.setItem(CLIENT_STORAGE_KEYS.deviceId, 'web-keep');
    store().setPhotoPage({
      photos: photos(800, 700),
      current_page: 2,
      total_pages: 3,
      total_photos: 41,
    });
    store().clearUser();
    expect(store().user).toBeNull();
    expect(store()).toMatchObject({ photos: [], current_page: 1, total_pages: 0, total_photos: 0 });
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.userInfo)).toBeNull();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.refreshToken)).toBeNull();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.deviceId)).toBe('web-keep');
  });

  it('refuses to remove the only photo locally', () => {
    store().setPhotoPage({ photos: photos(600), current_page: 1, total_pages: 1, total_photos: 1 });
    expect(store().removePhotoLocally(1)).toBe(false);
    expect(store().photos).toHaveLength(1);
  });

  it('removes a photo locally when more than one is left', () => {
    store().setPhotoPage({
      photos: photos(800, 600),
      current_page: 1,
      total_pages: 1,
      total_photos: 2,
    });
    expect(store().removePhotoLocally(1)).toBe(true);
    expect(store().photos).toEqual([{ id: 2, current_score: 600 }]);
    expect(store().total_photos).toBe(1);
    expect(selectRating(store())).toBe(6);
  });

  it('addPhoto is a no-op that succeeds', () => {
    store().setPhotoPage({ photos: photos(800), current_page: 1, total_pages: 1, total_photos: 1 });
    expect(store().addPhoto()).toEqual({ success: true });
    expect(store().photos).toHaveLength(1);
  });
});

describe('deletePhoto (spec §5, §8)', () => {
  it('needs a signed-in user', async () => {
    const fetchMock = mockApi();
    await expect(store().deletePhoto(1)).resolves.toEqual({
      success: false,
      message: '用户未登录，无法删除照片',
    });
    setLanguage('en');
    await expect(store().deletePhoto(1)).resolves.toEqual({
      success: false,
      message: 'user not logged in, cannot delete photo',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('calls delete_photo with photo_id and user_id and removes the photo', async () => {
    signIn();
    store().setPhotoPage({
      photos: photos(800, 600),
      current_page: 1,
      total_pages: 1,
      total_photos: 2,
    });
    const fetchMock = mockApi({ delete_photo: ok({ photo_id: 2, deleted: true }) });
    await expect(store().deletePhoto(2)).resolves.toEqual({
      success: true,
      message: '照片删除成功',
    });
    expect(fetchMock.callsTo('delete_photo')[0]?.body).toEqual({ photo_id: 2, user_id: 7 });
    expect(store().photos.map((photo) => photo.id)).toEqual([1]);
  });

  it('keeps the last photo in the list even when the server deleted it', async () => {
    signIn();
    store().setPhotoPage({ photos: photos(800), current_page: 1, total_pages: 1, total_photos: 1 });
    mockApi({ delete_photo: ok({ photo_id: 1, deleted: true }) });
    setLanguage('en');
    await expect(store().deletePhoto(1)).resolves.toEqual({
      success: true,
      message: 'photo deleted successfully',
    });
    expect(store().photos).toHaveLength(1);
  });

  it("returns the server's message when the server refuses", async () => {
    signIn();
    mockApi({ delete_photo: fail(40300, '没有权限执行此操作') });
    await expect(store().deletePhoto(1)).resolves.toEqual({
      success: false,
      message: '没有权限执行此操作',
    });
  });

  it('returns 删除失败 when the refusal has no message', async () => {
    signIn();
    mockApi({ delete_photo: fail(50000, '') });
    await expect(store().deletePhoto(1)).resolves.toEqual({ success: false, message: '删除失败' });
    setLanguage('en');
    await expect(store().deletePhoto(1)).resolves.toEqual({
      success: false,
      message: 'delete failed',
    });
  });

  it('returns 删除照片失败 when the request itself fails', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await expect(store().deletePhoto(1)).resolves.toEqual({
      success: false,
      message: '删除照片失败',
    });
    setLanguage('en');
    await expect(store().deletePhoto(1)).resolves.toEqual({
      success: false,
      message: 'delete photo failed',
    });
  });
});

describe('refreshUser', () => {
  it('does nothing without a token', async () => {
    const fetchMock = mockApi();
    await store().refreshUser();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('updates the user from get_user_info and greets only when asked', async () => {
    localStorage.setItem(CLIENT_STORAGE_KEYS.token, 'tok');
    const fetchMock = mockApi({ get_user_info: ok({ ...USER_INFO, fuel: 120 }) });
    await store().refreshUser();
    expect(fetchMock.callsTo('get_user_info')[0]?.body).toEqual({ token: 'tok' });
    expect(store().user?.fuel).toBe(120);
    expect(useToastStore.getState().toasts).toHaveLength(0);

    await store().refreshUser({ announce: true });
    expect(useToastStore.getState().toasts).toMatchObject([
      { type: 'success', title: '成功', message: '欢迎回来，小明' },
    ]);
  });

  it('drops the user and the refused token on a 401xx, with one warning (ADR 0002)', async () => {
    signIn();
    const fetchMock = mockApi({
      get_user_info: fail(40102, '登录已过期，请重新登录'),
      refresh_session: fail(40104, '刷新凭证无效'),
    });
    await store().refreshUser();
    expect(fetchMock.callsTo('refresh_session')[0]?.body).toEqual({ refresh_token: 'refresh' });
    expect(store().user).toBeNull();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.userInfo)).toBeNull();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.refreshToken)).toBeNull();
    expect(useToastStore.getState().toasts).toMatchObject([
      { type: 'warning', title: '警告', message: '登录已失效，你可以继续以游客身份使用' },
    ]);

    // The next start has no token: nothing is asked and nothing said.
    store().hydrate();
    await store().refreshUser();
    expect(fetchMock.callsTo('get_user_info')).toHaveLength(1);
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });

  it('keeps the user when the refresh renews the session', async () => {
    signIn();
    mockApi({
      get_user_info: (call) =>
        call.headers.get('access-token') === 'tok2'
          ? ok({ ...USER_INFO, fuel: 99 })
          : fail(40102, '登录已过期，请重新登录'),
      refresh_session: ok({
        token: 'tok2',
        refresh_token: 'refresh2',
        expires_at: '2026-12-01T00:00:00.000Z',
        refresh_expires_at: '2027-02-01T00:00:00.000Z',
        userInfo: { ...USER_INFO },
      }),
    });
    await store().refreshUser({ announce: true });
    expect(store().user).toMatchObject({ id: 7, fuel: 99 });
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBe('tok2');
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.refreshToken)).toBe('refresh2');
    expect(useToastStore.getState().toasts).toMatchObject([
      { type: 'success', message: '欢迎回来，小明' },
    ]);
  });

  it('keeps the stored user when the server cannot be reached', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await store().refreshUser();
    expect(store().user?.id).toBe(7);
  });
});

describe('signOut', () => {
  it('calls sign_out and clears the user', async () => {
    signIn();
    const fetchMock = mockApi({ sign_out: ok({ signed_out: true }) });
    await store().signOut();
    expect(fetchMock.callsTo('sign_out')).toHaveLength(1);
    expect(fetchMock.callsTo('sign_out')[0]?.headers.get('access-token')).toBe('tok');
    expect(store().user).toBeNull();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBeNull();
  });

  it('clears the user even when the server cannot be reached', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await store().signOut();
    expect(store().user).toBeNull();
  });
});
