import { CLIENT_STORAGE_KEYS, ERROR_MESSAGES, ErrorCode } from '@yanzhi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSKEY, methods } from '../../testing/account-fixtures';
import { NOT_AVAILABLE, fail, mockApi, ok } from '../../testing/mock-api';
import { myPhoto, photosPage as page, signIn, stats } from '../../testing/profile-fixtures';
import { renderApp } from '../../testing/render-app';
import { useUserStore } from '../../services/user';

describe('profile actions', () => {
  it('boosts a photo with the chosen package and shows the new fuel', async () => {
    signIn();
    const fetchMock = mockApi({
      get_my_photos: page(myPhoto(3, 812)),
      get_user_vote_stats: ok(stats()),
      boost_photo: ok({ photo_id: 3, boost_remaining: 30, boost_delivered: 0, cost: 30, fuel: 58 }),
    });
    const { user } = renderApp('/profile');
    // The first test also waits for the profile's chunk (seconds on a busy machine).
    const boost = await screen.findByRole(
      'button',
      { name: '为第 1 张照片加速' },
      { timeout: 8000 },
    );
    await user.click(boost);
    const sheet = await screen.findByRole('dialog', { name: '为第 1 张照片加速曝光' });
    expect(within(sheet).getByText('当前燃料 88，加速后剩余 78')).toBeTruthy();
    await user.click(within(sheet).getByRole('radio', { name: /30 次曝光/ }));
    expect(within(sheet).getByText('当前燃料 88，加速后剩余 58')).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: '确认加速' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(fetchMock.callsTo('boost_photo')[0]?.body).toEqual({ photo_id: 3, exposures: 30 });
    expect(screen.getByTestId('fuel').textContent).toContain('58');
    expect(useUserStore.getState().user?.fuel).toBe(58);
    expect((await screen.findByTestId('toast')).textContent).toContain(
      '已加速 30 次曝光，剩余燃料 58',
    );
  });

  it('offers only the packages the fuel covers, and says why the others are not', async () => {
    signIn();
    const fetchMock = mockApi({
      get_my_photos: page(myPhoto(3, 812)),
      get_user_vote_stats: ok(stats({ fuel: 12 })),
      boost_photo: fail(40903, '燃料不足'),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: '为第 1 张照片加速' }));
    const sheet = await screen.findByRole('dialog');
    const radio = (name: RegExp) => within(sheet).getByRole<HTMLInputElement>('radio', { name });
    const big = radio(/100 次曝光/);
    expect(big.disabled).toBe(true);
    expect(big.closest('label')?.textContent).toContain('燃料不足');
    expect(radio(/30 次曝光/).disabled).toBe(true);
    const small = radio(/10 次曝光/);
    expect(small.checked).toBe(true);
    await user.click(big);
    expect(small.checked).toBe(true);
    expect(within(sheet).getByText('当前燃料 12，加速后剩余 2')).toBeTruthy();
    // The balance moved elsewhere meanwhile: the refusal is explained and the fuel read again.
    const statsCalls = fetchMock.callsTo('get_user_vote_stats').length;
    await user.click(within(sheet).getByRole('button', { name: '确认加速' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe(
      '燃料不够了，已按最新余额更新',
    );
    expect(fetchMock.callsTo('boost_photo')[0]?.body).toEqual({ photo_id: 3, exposures: 10 });
    await waitFor(() => {
      expect(fetchMock.callsTo('get_user_vote_stats').length).toBeGreaterThan(statsCalls);
    });
  });

  it('cannot confirm a boost when the fuel covers no package', async () => {
    signIn();
    const fetchMock = mockApi({
      get_my_photos: page(myPhoto(3, 812)),
      get_user_vote_stats: ok(stats({ fuel: 4 })),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: '为第 1 张照片加速' }));
    const sheet = await screen.findByRole('dialog');
    expect(
      within(sheet)
        .getAllByRole('radio')
        .every((radio) => (radio as HTMLInputElement).disabled),
    ).toBe(true);
    const confirm = within(sheet).getByRole('button', { name: '确认加速' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(within(sheet).getByText('当前燃料 4，不够支付 10')).toBeTruthy();
    await user.click(confirm);
    expect(fetchMock.callsTo('boost_photo')).toHaveLength(0);
  });

  it('deletes a photo after confirming, with the store message', async () => {
    signIn();
    const fetchMock = mockApi({
      get_my_photos: page(myPhoto(3, 812), myPhoto(4, 640)),
      get_user_vote_stats: ok(stats()),
      delete_photo: ok({ photo_id: 4, deleted: true }),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: '删除第 2 张照片' }));
    const sheet = await screen.findByRole('dialog', { name: '删除第 2 张照片？' });
    expect(sheet.textContent).toContain('永久删除');
    await user.click(within(sheet).getByRole('button', { name: '确认删除' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('照片删除成功');
    expect(fetchMock.callsTo('delete_photo')[0]?.body).toEqual({ photo_id: 4, user_id: 7 });
    await waitFor(() => {
      expect(screen.getAllByTestId('my-photo')).toHaveLength(1);
    });
    expect(screen.getByText('共 1 张照片')).toBeTruthy();
  });

  it('cancelling the confirmation deletes nothing', async () => {
    signIn();
    const fetchMock = mockApi({
      get_my_photos: page(myPhoto(3, 812), myPhoto(4, 640)),
      get_user_vote_stats: ok(stats()),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: '删除第 1 张照片' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }),
    );
    expect(fetchMock.callsTo('delete_photo')).toHaveLength(0);
    expect(screen.getAllByTestId('my-photo')).toHaveLength(2);
  });

  it('does not send the delete of the last photo and says the rule (spec §4)', async () => {
    signIn();
    const fetchMock = mockApi({
      get_my_photos: page(myPhoto(3, 812)),
      get_user_vote_stats: ok(stats()),
      delete_photo: ok({ photo_id: 3, deleted: true }),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: '删除第 1 张照片' }));
    const sheet = await screen.findByRole('dialog', { name: '这是你唯一的照片' });
    expect(sheet.textContent).toContain(ERROR_MESSAGES[ErrorCode.LAST_PHOTO].zh);
    expect(within(sheet).queryByRole('button', { name: '确认删除' })).toBeNull();
    expect(within(sheet).getByRole('link', { name: '上传新照片' }).getAttribute('href')).toBe(
      '/upload',
    );
    await user.click(within(sheet).getByRole('button', { name: '知道了' }));
    expect(fetchMock.callsTo('delete_photo')).toHaveLength(0);
    expect(screen.getAllByTestId('my-photo')).toHaveLength(1);
    expect(useUserStore.getState().photos.map((photo) => photo.id)).toEqual([3]);
  });

  it('shows the server’s last-photo refusal when the list was out of date', async () => {
    signIn();
    mockApi({
      get_my_photos: page(myPhoto(3, 812), myPhoto(4, 640)),
      get_user_vote_stats: ok(stats()),
      delete_photo: fail(ErrorCode.LAST_PHOTO, ERROR_MESSAGES[ErrorCode.LAST_PHOTO].zh),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: '删除第 2 张照片' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确认删除' }),
    );
    expect((await screen.findByTestId('toast')).textContent).toContain(
      ERROR_MESSAGES[ErrorCode.LAST_PHOTO].zh,
    );
    expect(screen.getAllByTestId('my-photo')).toHaveLength(2);
  });

  it('shows the refusal message of a failed delete', async () => {
    signIn();
    mockApi({
      get_my_photos: page(myPhoto(3, 812), myPhoto(4, 640)),
      get_user_vote_stats: ok(stats()),
      delete_photo: fail(40300, '没有权限执行此操作'),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: '删除第 2 张照片' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确认删除' }),
    );
    expect((await screen.findByTestId('toast')).textContent).toContain('没有权限执行此操作');
    expect(screen.getAllByTestId('my-photo')).toHaveLength(2);
  });

  it('signs out through /api/sign_out and then shows the invitation', async () => {
    signIn();
    const fetchMock = mockApi({
      get_my_photos: NOT_AVAILABLE,
      sign_out: ok({ signed_out: true }),
      get_sign_in_methods: ok(methods({ passkeys: [PASSKEY], can_return: true })),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    const confirm = await screen.findByRole('dialog', { name: '退出登录？' });
    await within(confirm).findByTestId('ways-back');
    await user.click(within(confirm).getByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('还没有你的照片')).toBeTruthy();
    expect(fetchMock.callsTo('sign_out')).toHaveLength(1);
    expect(useUserStore.getState().user).toBeNull();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.userInfo)).toBeNull();
    expect((await screen.findByTestId('toast')).textContent).toContain('已退出登录');
  });

  it('deletes the account only after a confirmation that says what goes', async () => {
    signIn();
    const fetchMock = mockApi({
      get_my_photos: page(myPhoto(3, 812)),
      get_user_vote_stats: ok(stats()),
      delete_account: ok({ deleted: true }),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: '注销账号' }));
    const sheet = await screen.findByRole('dialog', { name: '注销账号？' });
    expect(sheet.textContent).toContain('你上传的全部照片、分数和排名');
    await user.click(within(sheet).getByRole('button', { name: '确认注销' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('账号已注销');
    expect(fetchMock.callsTo('delete_account')).toHaveLength(1);
    expect(useUserStore.getState().user).toBeNull();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBeNull();
  });

  it("shows the server's msg when deleting the account is not available yet", async () => {
    signIn();
    mockApi({
      get_my_photos: page(myPhoto(3, 812)),
      get_user_vote_stats: ok(stats()),
      delete_account: NOT_AVAILABLE,
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: '注销账号' }));
    const sheet = await screen.findByRole('dialog');
    await user.click(within(sheet).getByRole('button', { name: '确认注销' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe('该功能尚未开放');
    expect(useUserStore.getState().user?.id).toBe(7);
  });
});
