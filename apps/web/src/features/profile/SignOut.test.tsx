import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CODE, PASSKEY, methods } from '../../testing/account-fixtures';
import { fail, mockApi, ok, type Handlers } from '../../testing/mock-api';
import { myPhoto, photosPage, signIn, stats } from '../../testing/profile-fixtures';
import { renderApp } from '../../testing/render-app';
import { useUserStore } from '../../services/user';

function profileWith(handlers: Handlers) {
  signIn();
  return mockApi({
    get_my_photos: photosPage(myPhoto(3, 812), myPhoto(4, 640)),
    get_user_vote_stats: ok(stats()),
    sign_out: ok({ signed_out: true }),
    ...handlers,
  });
}

async function openSignOut(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: '退出登录' }, { timeout: 5000 }));
  return screen.findByRole('dialog', { name: '退出登录？' });
}

describe('sign-out that never strands anyone', () => {
  it('says how to come back, then signs out on confirmation', async () => {
    const fetchMock = profileWith({
      get_sign_in_methods: ok(
        methods({
          passkeys: [PASSKEY, { ...PASSKEY, id: 32 }],
          recovery_code_created_at: CODE.created_at,
          host_linked: true,
          can_return: true,
          photo_count: 2,
        }),
      ),
    });
    const { user } = renderApp('/profile');
    const sheet = await openSignOut(user);
    const ways = await within(sheet).findByTestId('ways-back');
    expect(ways.textContent).toContain('用通行密钥登录（已保存 2 个）');
    expect(ways.textContent).toContain('使用恢复码登录');
    expect(ways.textContent).toContain('从应用重新打开');
    expect(within(sheet).queryByTestId('sign-out-warning')).toBeNull();
    expect(fetchMock.callsTo('sign_out')).toHaveLength(0);
    await user.click(within(sheet).getByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('还没有你的照片')).toBeTruthy();
    expect(fetchMock.callsTo('sign_out')).toHaveLength(1);
    expect(useUserStore.getState().user).toBeNull();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBeNull();
    expect((await screen.findByTestId('toast')).textContent).toContain('已退出登录');
  });

  it('cancelling keeps the user signed in', async () => {
    const fetchMock = profileWith({
      get_sign_in_methods: ok(methods({ passkeys: [PASSKEY], can_return: true })),
    });
    const { user } = renderApp('/profile');
    const sheet = await openSignOut(user);
    expect((await within(sheet).findByTestId('ways-back')).textContent).toContain(
      '用你保存的通行密钥登录',
    );
    await user.click(within(sheet).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.callsTo('sign_out')).toHaveLength(0);
    expect(useUserStore.getState().user).not.toBeNull();
  });

  it('warns a device account with photos and no way back, and lets it make a code first', async () => {
    let made = false;
    const fetchMock = profileWith({
      get_sign_in_methods: () =>
        ok(
          made
            ? methods({
                recovery_code_created_at: CODE.created_at,
                can_return: true,
                photo_count: 2,
              })
            : methods({ photo_count: 2 }),
        ),
      create_recovery_code: () => {
        made = true;
        return ok(CODE);
      },
    });
    const { user } = renderApp('/profile');
    const sheet = await openSignOut(user);
    const warning = await within(sheet).findByTestId('sign-out-warning');
    expect(warning.textContent).toContain('退出后你将无法再登录');
    expect(warning.textContent).toContain('你的 2 张照片');
    expect(within(sheet).getByRole('button', { name: '仍然退出' })).toBeTruthy();

    // The code is shown in this same sheet; Escape does not lose it.
    await user.click(within(sheet).getByRole('button', { name: '生成恢复码' }));
    expect((await within(sheet).findByTestId('recovery-code')).textContent).toBe(CODE.code);
    await user.keyboard('{Escape}');
    expect(within(sheet).getByTestId('recovery-code')).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: '我已保存' }));

    // Back to the confirmation, which now says how to come back.
    const ways = await within(sheet).findByTestId('ways-back');
    expect(ways.textContent).toContain('使用恢复码登录');
    expect(within(sheet).queryByTestId('sign-out-warning')).toBeNull();
    expect(fetchMock.callsTo('sign_out')).toHaveLength(0);
    await user.click(within(sheet).getByRole('button', { name: '退出登录' }));
    await waitFor(() => {
      expect(useUserStore.getState().user).toBeNull();
    });
  });

  it('lets a warned account sign out anyway', async () => {
    const fetchMock = profileWith({ get_sign_in_methods: ok(methods({ photo_count: 1 })) });
    const { user } = renderApp('/profile');
    const sheet = await openSignOut(user);
    expect((await within(sheet).findByTestId('sign-out-warning')).textContent).toContain(
      '你的照片',
    );
    await user.click(within(sheet).getByRole('button', { name: '仍然退出' }));
    expect(await screen.findByText('还没有你的照片')).toBeTruthy();
    expect(fetchMock.callsTo('sign_out')).toHaveLength(1);
  });

  it('says an account without photos cannot come back, without the photo warning', async () => {
    profileWith({ get_sign_in_methods: ok(methods({ photo_count: 0 })) });
    const { user } = renderApp('/profile');
    const sheet = await openSignOut(user);
    expect(await within(sheet).findByText(/退出后将无法再登录/)).toBeTruthy();
    expect(within(sheet).queryByTestId('sign-out-warning')).toBeNull();
    expect(within(sheet).queryByRole('button', { name: '生成恢复码' })).toBeNull();
  });

  it('still signs out when the ways back cannot be read, and says it could not check', async () => {
    const fetchMock = profileWith({ get_sign_in_methods: fail(50000, '服务器开小差了') });
    const { user } = renderApp('/profile');
    const sheet = await openSignOut(user);
    expect(await within(sheet).findByText('暂时无法确认这个账号能否再登录。')).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: '退出登录' }));
    await waitFor(() => {
      expect(fetchMock.callsTo('sign_out')).toHaveLength(1);
    });
  });
});
