import { startAuthentication } from '@simplewebauthn/browser';
import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ASSERTION,
  NEXT_CODE,
  SESSION,
  ceremonyError,
  methods,
  withPasskeys,
} from '../../testing/account-fixtures';
import { USER_INFO, fail, mockApi, ok, type Handlers } from '../../testing/mock-api';
import { photosPage, myPhoto, stats } from '../../testing/profile-fixtures';
import { renderApp } from '../../testing/render-app';
import { useUserStore } from '../user';

vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));

const REQUEST_OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'localhost',
  userVerification: 'preferred' as const,
};

/** A visitor on the profile, with what the account's profile reads once signed in. */
function visitorWith(handlers: Handlers) {
  return mockApi({
    get_user_vote_stats: ok(stats()),
    get_my_photos: photosPage(myPhoto(3, 812)),
    get_user_info: ok({ ...USER_INFO }),
    get_sign_in_methods: ok(methods({ passkeys: [], can_return: true })),
    ...handlers,
  });
}

async function openSignIn(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: '登录' }, { timeout: 5000 }));
  return screen.findByRole('dialog', { name: '登录已有账号' });
}

beforeEach(() => {
  vi.mocked(startAuthentication).mockReset();
});

describe('signing in with a passkey', () => {
  it('keeps the session, reads the user again and shows the account', async () => {
    withPasskeys();
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION);
    const fetchMock = visitorWith({
      begin_passkey_sign_in: ok({ ceremony_id: 'c-9', options: REQUEST_OPTIONS }),
      finish_passkey_sign_in: ok(SESSION),
    });
    const { user } = renderApp('/profile');
    const sheet = await openSignIn(user);
    await user.click(within(sheet).getByRole('button', { name: '用通行密钥登录' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(vi.mocked(startAuthentication)).toHaveBeenCalledWith({ optionsJSON: REQUEST_OPTIONS });
    expect(fetchMock.callsTo('finish_passkey_sign_in')[0]?.body).toEqual({
      ceremony_id: 'c-9',
      credential: ASSERTION,
    });
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBe(SESSION.token);
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.refreshToken)).toBe(SESSION.refresh_token);
    expect(useUserStore.getState().user?.id).toBe(USER_INFO.id);
    expect(fetchMock.callsTo('get_user_info')).toHaveLength(1);
    expect((await screen.findByTestId('toast')).textContent).toContain('欢迎回来，小明');
    expect(await screen.findByTestId('keep-account')).toBeTruthy();
    expect(await screen.findAllByTestId('my-photo')).toHaveLength(1);
  });

  it('does nothing when the browser dialog is cancelled', async () => {
    withPasskeys();
    vi.mocked(startAuthentication).mockRejectedValue(ceremonyError('NotAllowedError'));
    const fetchMock = visitorWith({
      begin_passkey_sign_in: ok({ ceremony_id: 'c-9', options: REQUEST_OPTIONS }),
    });
    const { user } = renderApp('/profile');
    const sheet = await openSignIn(user);
    const button = within(sheet).getByRole('button', { name: '用通行密钥登录' });
    await user.click(button);
    await waitFor(() => {
      expect(within(sheet).getByRole('button', { name: '用通行密钥登录' })).toBeTruthy();
    });
    expect(within(sheet).queryByRole('alert')).toBeNull();
    expect(fetchMock.callsTo('finish_passkey_sign_in')).toHaveLength(0);
    expect(useUserStore.getState().user).toBeNull();
  });

  it.each([
    [40108, '这个通行密钥没有关联任何账号，它可能已被删除'],
    [40107, '通行密钥验证未通过'],
    [40106, '通行密钥请求已过期或已使用，请重试'],
  ])('shows the refusal %i and stays signed out', async (code, message) => {
    withPasskeys();
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION);
    visitorWith({
      begin_passkey_sign_in: ok({ ceremony_id: 'c-9', options: REQUEST_OPTIONS }),
      finish_passkey_sign_in: fail(code, message),
    });
    const { user } = renderApp('/profile');
    const sheet = await openSignIn(user);
    await user.click(within(sheet).getByRole('button', { name: '用通行密钥登录' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe(message);
    expect(useUserStore.getState().user).toBeNull();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBeNull();
  });

  it('says plainly when the authenticator fails', async () => {
    withPasskeys();
    vi.mocked(startAuthentication).mockRejectedValue(ceremonyError('UnknownError'));
    visitorWith({ begin_passkey_sign_in: ok({ ceremony_id: 'c-9', options: REQUEST_OPTIONS }) });
    const { user } = renderApp('/profile');
    const sheet = await openSignIn(user);
    await user.click(within(sheet).getByRole('button', { name: '用通行密钥登录' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe(
      '通行密钥验证没有完成，请重试',
    );
  });

  it('offers only the recovery code where the browser has no passkeys', async () => {
    visitorWith({});
    const { user } = renderApp('/profile');
    const sheet = await openSignIn(user);
    expect(within(sheet).queryByRole('button', { name: '用通行密钥登录' })).toBeNull();
    expect(within(sheet).getByText(/这个浏览器不能使用通行密钥/)).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: '使用恢复码登录' })).toBeTruthy();
  });
});

describe('signing in with a recovery code', () => {
  it('sends the code as typed, then shows its replacement once in the same sheet', async () => {
    const fetchMock = visitorWith({
      sign_in_with_recovery_code: ok({ ...SESSION, recovery_code: NEXT_CODE }),
    });
    const { user } = renderApp('/profile');
    const sheet = await openSignIn(user);
    await user.type(within(sheet).getByLabelText('恢复码'), ' k7qm 2xwd-9ptr 4hbn 6ycf 3jva ');
    await user.click(within(sheet).getByRole('button', { name: '使用恢复码登录' }));
    const replaced = await screen.findByRole('dialog', { name: '登录成功，这是你的新恢复码' });
    expect(fetchMock.callsTo('sign_in_with_recovery_code')[0]?.body).toEqual({
      code: ' k7qm 2xwd-9ptr 4hbn 6ycf 3jva ',
    });
    expect(within(replaced).getByTestId('recovery-code').textContent).toBe(NEXT_CODE.code);
    expect(replaced.textContent).toContain('刚才使用的恢复码已经失效');
    // Signed in behind the sheet already: a reload now keeps the account.
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBe(SESSION.token);
    await waitFor(() => {
      expect(useUserStore.getState().user?.id).toBe(USER_INFO.id);
    });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: '登录成功，这是你的新恢复码' })).toBeTruthy();
    await user.click(within(replaced).getByRole('button', { name: '我已保存' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByTestId('keep-account')).toBeTruthy();
  });

  it.each([
    [40109, '恢复码无效或已经用过'],
    [42900, '操作太频繁，请稍后再试'],
  ])('shows the refusal %i in the form and stays signed out', async (code, message) => {
    visitorWith({ sign_in_with_recovery_code: fail(code, message) });
    const { user } = renderApp('/profile');
    const sheet = await openSignIn(user);
    await user.type(within(sheet).getByLabelText('恢复码'), 'AAAA-BBBB');
    await user.click(within(sheet).getByRole('button', { name: '使用恢复码登录' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe(message);
    expect(useUserStore.getState().user).toBeNull();
    expect(within(sheet).getByLabelText<HTMLInputElement>('恢复码').value).toBe('AAAA-BBBB');
  });

  it('asks for the code instead of sending an empty one', async () => {
    const fetchMock = visitorWith({});
    const { user } = renderApp('/profile');
    const sheet = await openSignIn(user);
    await user.click(within(sheet).getByRole('button', { name: '使用恢复码登录' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe('请输入恢复码');
    expect(fetchMock.callsTo('sign_in_with_recovery_code')).toHaveLength(0);
  });

  it('closes on cancel, and on Escape before any code is shown', async () => {
    visitorWith({});
    const { user } = renderApp('/profile');
    let sheet = await openSignIn(user);
    await user.click(within(sheet).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    sheet = await openSignIn(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
