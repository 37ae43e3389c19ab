import { startRegistration } from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CODE,
  PASSKEY,
  REGISTRATION,
  ceremonyError,
  methods,
  withPasskeys,
} from '../../testing/account-fixtures';
import { fail, mockApi, ok, type Handlers } from '../../testing/mock-api';
import { photosPage, myPhoto, signIn, stats } from '../../testing/profile-fixtures';
import { renderApp } from '../../testing/render-app';

// The browser's passkey dialog needs a real browser (e2e drives a virtual authenticator).
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));

const CREATION_OPTIONS = {
  rp: { name: '颜值竞技场', id: 'localhost' },
  user: { id: 'dTc', name: 'u7', displayName: '小明' },
  challenge: 'Y2hhbGxlbmdl',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
};

function profileWith(handlers: Handlers) {
  signIn();
  return mockApi({
    get_my_photos: photosPage(myPhoto(3, 812)),
    get_user_vote_stats: ok(stats()),
    ...handlers,
  });
}

async function section() {
  // The profile's chunk loads first (slow on a busy machine).
  return screen.findByTestId('keep-account', {}, { timeout: 5000 });
}

beforeEach(() => {
  vi.mocked(startRegistration).mockReset();
});

describe('keep my account (profile)', () => {
  it('lists the passkeys with when they were saved and last used, and the code', async () => {
    profileWith({
      get_sign_in_methods: ok(
        methods({
          passkeys: [
            PASSKEY,
            { ...PASSKEY, id: 32, name: 'Pixel 7 上的 Chrome', last_used_at: null },
          ],
          recovery_code_created_at: '2026-11-02T00:00:00.000Z',
          can_return: true,
        }),
      ),
    });
    renderApp('/profile');
    const keep = await section();
    const items = await within(keep).findAllByTestId('passkey');
    expect(items[0]?.textContent).toContain('iPhone 上的 Safari');
    expect(items[0]?.textContent).toContain('保存于 2026年11月1日');
    expect(items[0]?.textContent).toContain('上次使用 2026年11月20日');
    expect(items[1]?.textContent).toContain('尚未用于登录');
    expect(within(keep).getByTestId('recovery-code-state').textContent).toBe(
      '当前恢复码生成于 2026年11月2日',
    );
    expect(within(keep).getByRole('button', { name: '换一个恢复码' })).toBeTruthy();
    expect(within(keep).queryByText(/还没有保存任何登录方式/)).toBeNull();
  });

  it('saves a passkey named after the device, then lists it', async () => {
    withPasskeys();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
    );
    vi.mocked(startRegistration).mockResolvedValue(REGISTRATION);
    let saved = false;
    const fetchMock = profileWith({
      get_sign_in_methods: () =>
        ok(saved ? methods({ passkeys: [PASSKEY], can_return: true }) : methods()),
      begin_passkey_registration: ok({ ceremony_id: 'c-1', options: CREATION_OPTIONS }),
      finish_passkey_registration: () => {
        saved = true;
        return ok({ passkey: PASSKEY });
      },
    });
    const { user } = renderApp('/profile');
    const keep = await section();
    expect(await within(keep).findByText(/还没有保存任何登录方式/)).toBeTruthy();
    await user.click(within(keep).getByRole('button', { name: '保存通行密钥' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('通行密钥已保存');
    expect(vi.mocked(startRegistration)).toHaveBeenCalledWith({ optionsJSON: CREATION_OPTIONS });
    expect(fetchMock.callsTo('finish_passkey_registration')[0]?.body).toEqual({
      ceremony_id: 'c-1',
      credential: REGISTRATION,
      name: 'Pixel 7 上的 Chrome',
    });
    expect(await within(keep).findByTestId('passkey')).toBeTruthy();
    expect(within(keep).queryByText(/还没有保存任何登录方式/)).toBeNull();
  });

  it('says nothing when the browser dialog is cancelled', async () => {
    withPasskeys();
    vi.mocked(startRegistration).mockRejectedValue(ceremonyError('NotAllowedError'));
    const fetchMock = profileWith({
      get_sign_in_methods: ok(methods()),
      begin_passkey_registration: ok({ ceremony_id: 'c-1', options: CREATION_OPTIONS }),
    });
    const { user } = renderApp('/profile');
    const keep = await section();
    const save = await within(keep).findByRole('button', { name: '保存通行密钥' });
    await user.click(save);
    await waitFor(() => {
      expect((save as HTMLButtonElement).disabled).toBe(false);
    });
    expect(vi.mocked(startRegistration)).toHaveBeenCalledTimes(1);
    expect(fetchMock.callsTo('finish_passkey_registration')).toHaveLength(0);
    expect(within(keep).queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it.each([
    [
      'the server refuses the answer',
      'finish',
      fail(40107, '通行密钥验证未通过'),
      '通行密钥验证未通过',
    ],
    [
      'the ceremony expired',
      'finish',
      fail(40106, '通行密钥请求已过期或已使用，请重试'),
      '通行密钥请求已过期或已使用，请重试',
    ],
    [
      'the passkey is saved already',
      'finish',
      fail(40906, '这个通行密钥已经保存过了'),
      '这个通行密钥已经保存过了',
    ],
    [
      'the server will not begin',
      'begin',
      fail(42900, '操作太频繁，请稍后再试'),
      '操作太频繁，请稍后再试',
    ],
  ] as const)('shows the message when %s', async (_what, step, answer, message) => {
    withPasskeys();
    vi.mocked(startRegistration).mockResolvedValue(REGISTRATION);
    profileWith({
      get_sign_in_methods: ok(methods()),
      begin_passkey_registration:
        step === 'begin' ? answer : ok({ ceremony_id: 'c-1', options: CREATION_OPTIONS }),
      finish_passkey_registration: answer,
    });
    const { user } = renderApp('/profile');
    const keep = await section();
    await user.click(await within(keep).findByRole('button', { name: '保存通行密钥' }));
    expect((await within(keep).findByRole('alert')).textContent).toBe(message);
  });

  it('says so when this authenticator already holds a passkey of the account', async () => {
    withPasskeys();
    vi.mocked(startRegistration).mockRejectedValue(ceremonyError('InvalidStateError'));
    profileWith({
      get_sign_in_methods: ok(methods({ passkeys: [PASSKEY], can_return: true })),
      begin_passkey_registration: ok({ ceremony_id: 'c-1', options: CREATION_OPTIONS }),
    });
    const { user } = renderApp('/profile');
    const keep = await section();
    await user.click(await within(keep).findByRole('button', { name: '保存通行密钥' }));
    expect((await within(keep).findByRole('alert')).textContent).toBe(
      '这台设备已经为这个账号保存过通行密钥',
    );
  });

  it('offers only the recovery code where the browser has no passkeys', async () => {
    profileWith({ get_sign_in_methods: ok(methods()) });
    renderApp('/profile');
    const keep = await section();
    expect(await within(keep).findByRole('button', { name: '生成恢复码' })).toBeTruthy();
    expect(within(keep).queryByRole('button', { name: '保存通行密钥' })).toBeNull();
    expect(within(keep).getByText(/这个浏览器不能使用通行密钥/)).toBeTruthy();
  });

  it('shows a new recovery code once, with copy, and closes only on "I have saved it"', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    let made = false;
    profileWith({
      get_sign_in_methods: () =>
        ok(
          made
            ? methods({ recovery_code_created_at: CODE.created_at, can_return: true })
            : methods(),
        ),
      create_recovery_code: () => {
        made = true;
        return ok(CODE);
      },
    });
    const { user } = renderApp('/profile');
    const keep = await section();
    await user.click(await within(keep).findByRole('button', { name: '生成恢复码' }));
    const sheet = await screen.findByRole('dialog', { name: '你的恢复码' });
    expect(within(sheet).getByTestId('recovery-code').textContent).toBe(CODE.code);
    expect(sheet.textContent).toContain('只显示这一次');
    expect(sheet.textContent).toContain('替换之前的恢复码');
    await user.click(within(sheet).getByRole('button', { name: '复制' }));
    expect(writeText).toHaveBeenCalledWith(CODE.code);
    expect(within(sheet).getByRole('status').textContent).toBe('已复制恢复码');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: '你的恢复码' })).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: '我已保存' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await within(keep).findByRole('button', { name: '换一个恢复码' })).toBeTruthy();
    expect(within(keep).getByTestId('recovery-code-state').textContent).toContain(
      '当前恢复码生成于',
    );
  });

  it('shows the refusal when no code can be made', async () => {
    profileWith({
      get_sign_in_methods: ok(methods()),
      create_recovery_code: fail(42900, '操作太频繁，请稍后再试'),
    });
    const { user } = renderApp('/profile');
    const keep = await section();
    await user.click(await within(keep).findByRole('button', { name: '生成恢复码' }));
    expect((await within(keep).findByRole('alert')).textContent).toBe('操作太频繁，请稍后再试');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('removes a passkey after a confirmation that warns when it is the only way back', async () => {
    let removed = false;
    const fetchMock = profileWith({
      get_sign_in_methods: () =>
        ok(removed ? methods() : methods({ passkeys: [PASSKEY], can_return: true })),
      delete_passkey: () => {
        removed = true;
        return ok({ deleted: true as const, remaining: 0 });
      },
    });
    const { user } = renderApp('/profile');
    const keep = await section();
    await user.click(
      await within(keep).findByRole('button', { name: '移除通行密钥“iPhone 上的 Safari”' }),
    );
    const sheet = await screen.findByRole('dialog', { name: '移除这个通行密钥？' });
    expect(sheet.textContent).toContain('唯一的登录方式');
    await user.click(within(sheet).getByRole('button', { name: '确认移除' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('通行密钥已移除');
    expect(fetchMock.callsTo('delete_passkey')[0]?.body).toEqual({ passkey_id: PASSKEY.id });
    await waitFor(() => {
      expect(within(keep).queryByTestId('passkey')).toBeNull();
    });
  });

  it('keeps the confirmation open with the refusal when the passkey is gone', async () => {
    profileWith({
      get_sign_in_methods: ok(
        methods({
          passkeys: [PASSKEY],
          recovery_code_created_at: CODE.created_at,
          can_return: true,
        }),
      ),
      delete_passkey: fail(40407, '没有找到这个通行密钥'),
    });
    const { user } = renderApp('/profile');
    const keep = await section();
    await user.click(
      await within(keep).findByRole('button', { name: '移除通行密钥“iPhone 上的 Safari”' }),
    );
    const sheet = await screen.findByRole('dialog', { name: '移除这个通行密钥？' });
    expect(sheet.textContent).not.toContain('唯一的登录方式');
    await user.click(within(sheet).getByRole('button', { name: '确认移除' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe('没有找到这个通行密钥');
  });

  it('shows what went wrong with a retry when the ways back cannot be read', async () => {
    let attempts = 0;
    profileWith({
      get_sign_in_methods: () => {
        attempts += 1;
        return attempts === 1 ? fail(50000, '服务器开小差了') : ok(methods());
      },
    });
    const { user } = renderApp('/profile');
    const keep = await section();
    expect((await within(keep).findByRole('alert')).textContent).toContain('服务器开小差了');
    await user.click(within(keep).getByRole('button', { name: '重试' }));
    expect(await within(keep).findByRole('button', { name: '生成恢复码' })).toBeTruthy();
  });
});
