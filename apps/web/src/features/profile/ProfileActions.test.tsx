import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
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
      boost_photo: ok({ photo_id: 3, boost_remaining: 30, cost: 30, fuel: 58 }),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: '为第 1 张照片加速' }));
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

  it('shows INSUFFICIENT_FUEL in the boost sheet', async () => {
    signIn();
    mockApi({
      get_my_photos: page(myPhoto(3, 812)),
      get_user_vote_stats: ok(stats({ fuel: 12 })),
      boost_photo: fail(40903, '燃料不足'),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: '为第 1 张照片加速' }));
    const sheet = await screen.findByRole('dialog');
    await user.click(within(sheet).getByRole('radio', { name: /100 次曝光/ }));
    expect(within(sheet).getByText('当前燃料 12，不够支付 100')).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: '确认加速' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe('燃料不足');
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

  it('keeps the last photo in the list (spec §4) and marks it deleted', async () => {
    signIn();
    mockApi({
      get_my_photos: page(myPhoto(3, 812)),
      get_user_vote_stats: ok(stats()),
      delete_photo: ok({ photo_id: 3, deleted: true }),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: '删除第 1 张照片' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确认删除' }),
    );
    expect((await screen.findByTestId('toast')).textContent).toContain('照片删除成功');
    expect(useUserStore.getState().photos.map((photo) => photo.id)).toEqual([3]);
    const card = screen.getByTestId('my-photo');
    expect(card.textContent).toContain('已删除');
    expect(within(card).queryByRole('button')).toBeNull();
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
