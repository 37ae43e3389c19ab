import { CLIENT_STORAGE_KEYS, ErrorCode } from '@yanzhi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../services/toasts';
import { useUserStore } from '../services/user';
import {
  USER_INFO,
  fail,
  mockApi,
  ok,
  okUnchecked,
  type CallTo,
  type FailEnvelope,
  type OkEnvelope,
} from '../testing/mock-api';
import { ApiError, callApi } from './api-client';
import { postMultipart } from './api-multipart';
import { setRefreshToken, setToken } from './identity';
import { setLanguage } from './i18n';

/** What a refused session looks like to the visitor and in storage (ADR 0002). */

const STALE = 'at_stale';
const RENEWED = 'at_renewed';
const EXPIRED = fail(ErrorCode.TOKEN_EXPIRED, '登录已过期，请重新登录');
const SESSION = {
  token: RENEWED,
  refresh_token: 'rt_rotated',
  expires_at: '2026-12-01T00:00:00.000Z',
  refresh_expires_at: '2027-02-01T00:00:00.000Z',
  userInfo: { ...USER_INFO, nickname: '小明', fuel: 66 },
};

const stored = (key: string) => localStorage.getItem(key);
const warnings = () => useToastStore.getState().toasts.filter((toast) => toast.type === 'warning');

/** A server that knows one live token: calls with any other token are refused as expired. */
function acceptOnly(live: string | null, data: unknown = { answered: true }) {
  return (call: { headers: Headers }) => {
    const token = call.headers.get('access-token');
    return token === null || token === live ? okUnchecked(data) : EXPIRED;
  };
}

/** A refresh_session handler that rotates `expected` once into SESSION, after `delayMs`. */
function rotateOnce(expected: string, delayMs = 0) {
  let used = false;
  return async (
    call: CallTo<'refresh_session'>,
  ): Promise<OkEnvelope<typeof SESSION> | FailEnvelope> => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (call.body.refresh_token !== expected || used) {
      return fail(ErrorCode.REFRESH_TOKEN_INVALID, '刷新凭证无效');
    }
    used = true;
    return ok(SESSION);
  };
}

function signedIn(token = STALE, refreshToken: string | null = 'rt_first') {
  setToken(token);
  if (refreshToken !== null) setRefreshToken(refreshToken);
  useUserStore.getState().setUser(USER_INFO);
}

describe('a token the server refuses', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('is renewed with the stored refresh token and the call retried with the new token', async () => {
    signedIn();
    const fetchMock = mockApi({
      get_my_photos: acceptOnly(RENEWED, { photos: [] }),
      refresh_session: rotateOnce('rt_first'),
    });
    await expect(callApi('get_my_photos', { page: 1 })).resolves.toEqual({ photos: [] });

    const [refused, refresh, retried] = fetchMock.calls;
    expect(fetchMock.calls).toHaveLength(3);
    expect(refused?.headers.get('access-token')).toBe(STALE);
    expect(refresh?.url).toBe('/api/refresh_session');
    expect(refresh?.body).toEqual({ refresh_token: 'rt_first' });
    expect(retried?.headers.get('access-token')).toBe(RENEWED);
    expect(stored(CLIENT_STORAGE_KEYS.token)).toBe(RENEWED);
    expect(stored(CLIENT_STORAGE_KEYS.refreshToken)).toBe('rt_rotated');
    // The user the refresh brought is kept; nothing was said.
    expect(useUserStore.getState().user).toMatchObject({ id: 7, fuel: 66 });
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('puts the renewed token in a body that carried the refused one (get_user_info)', async () => {
    signedIn();
    const fetchMock = mockApi({
      get_user_info: (call) =>
        call.headers.get('access-token') === RENEWED ? ok({ ...USER_INFO }) : EXPIRED,
      refresh_session: rotateOnce('rt_first'),
    });
    await expect(callApi('get_user_info', { token: STALE })).resolves.toMatchObject({ id: 7 });
    expect(fetchMock.callsTo('get_user_info').map((call) => call.body.token)).toEqual([
      STALE,
      RENEWED,
    ]);
  });

  it('is dropped with the refresh token and userInfo when the refresh fails, said once', async () => {
    signedIn();
    mockApi({
      get_my_photos: acceptOnly(RENEWED),
      refresh_session: fail(ErrorCode.REFRESH_TOKEN_INVALID, '刷新凭证无效'),
    });
    const error = await callApi('get_my_photos', { page: 1 }).catch((caught: unknown) => caught);
    // A call that needs a user is not sent again without one: the refusal stands.
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ErrorCode.TOKEN_EXPIRED });

    expect(stored(CLIENT_STORAGE_KEYS.token)).toBeNull();
    expect(stored(CLIENT_STORAGE_KEYS.refreshToken)).toBeNull();
    expect(stored(CLIENT_STORAGE_KEYS.userInfo)).toBeNull();
    expect(useUserStore.getState().user).toBeNull();
    expect(warnings()).toMatchObject([
      { title: '警告', message: '登录已失效，你可以继续以游客身份使用' },
    ]);
  });

  it('is dropped at once when there is no refresh token, and a call that works anonymously goes on', async () => {
    signedIn(STALE, null);
    const fetchMock = mockApi({
      get_user_vote_stats: acceptOnly(null, { total_votes: 3 }),
    });
    setLanguage('en');
    await expect(callApi('get_user_vote_stats', { anonymous_id: 'web-1' })).resolves.toEqual({
      total_votes: 3,
    });
    expect(fetchMock.calls.map((call) => call.url)).toEqual([
      '/api/get_user_vote_stats',
      '/api/get_user_vote_stats',
    ]);
    expect(fetchMock.calls[1]?.headers.get('access-token')).toBeNull();
    expect(stored(CLIENT_STORAGE_KEYS.token)).toBeNull();
    expect(warnings()).toMatchObject([
      { message: 'Your sign-in is no longer valid. You can keep playing as a guest.' },
    ]);
  });

  it('lets an upload go on as a device account without the dropped token', async () => {
    signedIn(STALE, null);
    const deviceSession = { ...SESSION, token: 'at_device', userInfo: { ...USER_INFO, id: 9 } };
    const fetchMock = mockApi({
      upload_photo: (call) =>
        call.headers.get('access-token') === null ? okUnchecked(deviceSession) : EXPIRED,
    });
    const form = new FormData();
    form.append('category_id', '1');
    await expect(postMultipart('upload_photo', form)).resolves.toMatchObject({
      token: 'at_device',
    });
    expect(fetchMock.calls.map((call) => call.headers.get('access-token'))).toEqual([STALE, null]);
    expect((fetchMock.calls[1]?.body as FormData).get('category_id')).toBe('1');
    expect(warnings()).toHaveLength(1);
  });

  it('is renewed once for calls refused together, which all retry with the new token', async () => {
    signedIn();
    const fetchMock = mockApi({
      get_my_photos: acceptOnly(RENEWED, { photos: [] }),
      get_user_vote_stats: acceptOnly(RENEWED, { total_votes: 1 }),
      delete_photo: acceptOnly(RENEWED, { photo_id: 1, deleted: true }),
      refresh_session: rotateOnce('rt_first', 20),
    });
    await Promise.all([
      callApi('get_my_photos', { page: 1 }),
      callApi('get_user_vote_stats', { anonymous_id: 'web-1' }),
      callApi('delete_photo', { photo_id: 1 }),
    ]);
    expect(fetchMock.callsTo('refresh_session')).toHaveLength(1);
    const retried = fetchMock.calls.filter((call) => call.headers.get('access-token') === RENEWED);
    expect(retried).toHaveLength(3);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('is dropped once, with one warning, when calls refused together cannot renew it', async () => {
    signedIn();
    const fetchMock = mockApi({
      get_categories: acceptOnly(null, []),
      get_user_vote_stats: acceptOnly(null, { total_votes: 1 }),
      get_leaderboard: acceptOnly(null, { entries: [] }),
      refresh_session: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return fail(ErrorCode.REFRESH_TOKEN_INVALID, '刷新凭证无效');
      },
    });
    await Promise.all([
      callApi('get_categories'),
      callApi('get_user_vote_stats', { anonymous_id: 'web-1' }),
      callApi('get_leaderboard', { category_id: 1, period_type: 'all' }),
    ]);
    expect(fetchMock.callsTo('refresh_session')).toHaveLength(1);
    expect(warnings()).toHaveLength(1);
    // Each went on anonymously, once.
    const retried = fetchMock.calls.filter((call) => call.headers.get('access-token') === null);
    expect(retried.map((call) => call.url).sort()).toEqual([
      '/api/get_categories',
      '/api/get_leaderboard',
      '/api/get_user_vote_stats',
    ]);

    // A later call sends no token, so nothing is refused and nothing said again.
    await callApi('get_categories');
    expect(warnings()).toHaveLength(1);
  });

  it('uses a refresh token once: a call answered late retries with the token already renewed', async () => {
    signedIn();
    let answerLate: () => void = () => undefined;
    const late = new Promise<void>((resolve) => {
      answerLate = resolve;
    });
    const fetchMock = mockApi({
      get_my_photos: acceptOnly(RENEWED, { photos: [] }),
      get_photo_history: async (call) => {
        if (call.headers.get('access-token') === STALE) await late;
        return call.headers.get('access-token') === RENEWED ? okUnchecked({ points: [] }) : EXPIRED;
      },
      refresh_session: rotateOnce('rt_first'),
    });
    const slow = callApi('get_photo_history', { photo_id: 1 });
    await callApi('get_my_photos', { page: 1 });
    answerLate();
    await expect(slow).resolves.toEqual({ points: [] });
    expect(fetchMock.callsTo('refresh_session')).toHaveLength(1);
  });

  it('is kept when the refresh cannot reach the server, for a later try', async () => {
    signedIn();
    const fetchMock = mockApi({
      get_my_photos: acceptOnly(RENEWED),
      refresh_session: new Response('bad gateway', { status: 502 }),
    });
    await expect(callApi('get_my_photos', { page: 1 })).rejects.toMatchObject({
      code: ErrorCode.TOKEN_EXPIRED,
    });
    expect(fetchMock.callsTo('refresh_session')).toHaveLength(1);
    expect(stored(CLIENT_STORAGE_KEYS.token)).toBe(STALE);
    expect(stored(CLIENT_STORAGE_KEYS.refreshToken)).toBe('rt_first');
    expect(useUserStore.getState().user?.id).toBe(7);
    expect(warnings()).toHaveLength(0);
  });

  it('is kept when the server is busy or failing, for a later try', async () => {
    for (const refusal of [
      fail(ErrorCode.RATE_LIMITED, '请求过于频繁，请稍后再试'),
      fail(ErrorCode.INTERNAL, '服务器开小差了'),
    ]) {
      signedIn();
      mockApi({ get_my_photos: acceptOnly(RENEWED), refresh_session: refusal });
      await expect(callApi('get_my_photos', { page: 1 })).rejects.toMatchObject({
        code: ErrorCode.TOKEN_EXPIRED,
      });
      expect(stored(CLIENT_STORAGE_KEYS.refreshToken)).toBe('rt_first');
      expect(stored(CLIENT_STORAGE_KEYS.token)).toBe(STALE);
    }
    expect(warnings()).toHaveLength(0);
  });

  it('of a banned account drops the session with its own message, without a refresh', async () => {
    signedIn();
    const fetchMock = mockApi({
      get_my_photos: fail(ErrorCode.ACCOUNT_BANNED, '账号已被封禁'),
      refresh_session: rotateOnce('rt_first'),
    });
    await expect(callApi('get_my_photos', { page: 1 })).rejects.toMatchObject({
      code: ErrorCode.ACCOUNT_BANNED,
    });
    expect(fetchMock.callsTo('refresh_session')).toHaveLength(0);
    expect(stored(CLIENT_STORAGE_KEYS.token)).toBeNull();
    expect(warnings()).toMatchObject([{ message: '该账号已被封禁，已退出登录' }]);
  });

  it('is not touched for other refusals', async () => {
    signedIn();
    const fetchMock = mockApi({ get_my_photos: fail(ErrorCode.NOT_SIGNED_IN, '请先登录') });
    await expect(callApi('get_my_photos', { page: 1 })).rejects.toMatchObject({
      code: ErrorCode.NOT_SIGNED_IN,
    });
    expect(fetchMock.calls).toHaveLength(1);
    expect(stored(CLIENT_STORAGE_KEYS.token)).toBe(STALE);
  });
});

describe('a host token the server refuses', () => {
  const HOST_STALE = 'h1.stale.sig';
  const HOST_FRESH = 'h1.fresh.sig';

  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    delete window.YanzhiHost;
  });

  it('is renewed by the host’s bridge when there is one, and the call retried', async () => {
    signedIn(HOST_STALE, null);
    const refreshToken = vi.fn(() => Promise.resolve(HOST_FRESH));
    window.YanzhiHost = { refreshToken };
    const fetchMock = mockApi({
      get_user_info: (call) =>
        call.headers.get('access-token') === HOST_FRESH ? ok({ ...USER_INFO }) : EXPIRED,
    });
    await expect(callApi('get_user_info', { token: HOST_STALE })).resolves.toMatchObject({ id: 7 });
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(fetchMock.callsTo('get_user_info')[1]?.body.token).toBe(HOST_FRESH);
    expect(stored(CLIENT_STORAGE_KEYS.token)).toBe(HOST_FRESH);
    expect(warnings()).toHaveLength(0);
  });

  it('from the address counts as the host’s, whatever its form; a synchronous bridge works', async () => {
    setToken('opaque-host-token', 'host');
    window.YanzhiHost = { refreshToken: () => 'opaque-renewed' };
    mockApi({ get_my_photos: acceptOnly('opaque-renewed', { photos: [] }) });
    await expect(callApi('get_my_photos', { page: 1 })).resolves.toEqual({ photos: [] });
    expect(stored(CLIENT_STORAGE_KEYS.token)).toBe('opaque-renewed');
  });

  it('is dropped with "reopen from the app" when there is no bridge', async () => {
    signedIn(HOST_STALE, null);
    mockApi({ get_user_vote_stats: acceptOnly(null, {}) });
    await callApi('get_user_vote_stats', { anonymous_id: 'web-1' });
    expect(stored(CLIENT_STORAGE_KEYS.token)).toBeNull();
    expect(warnings()).toMatchObject([{ message: '登录已过期，请从客户端重新打开本页面' }]);
  });

  it('is dropped the same way when the bridge gives nothing in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    signedIn(HOST_STALE, null);
    window.YanzhiHost = { refreshToken: () => new Promise<string>(() => undefined) };
    mockApi({ get_user_vote_stats: acceptOnly(null, {}) });
    const call = callApi('get_user_vote_stats', { anonymous_id: 'web-1' });
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(call).resolves.toEqual({});
    expect(stored(CLIENT_STORAGE_KEYS.token)).toBeNull();
    expect(warnings()).toMatchObject([{ message: expect.stringContaining('客户端') as string }]);
  });

  it('is dropped when the bridge fails or hands back the refused token', async () => {
    signedIn(HOST_STALE, null);
    window.YanzhiHost = { refreshToken: () => HOST_STALE };
    mockApi({ get_user_vote_stats: acceptOnly(null, {}) });
    await callApi('get_user_vote_stats', { anonymous_id: 'web-1' });
    expect(stored(CLIENT_STORAGE_KEYS.token)).toBeNull();
    expect(warnings()).toHaveLength(1);
  });
});
