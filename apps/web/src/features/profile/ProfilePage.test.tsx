import type { MyPhoto, VoteStats } from '@yanzhi/contract';
import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shareCard } from '../../testing/leaderboard-fixtures';
import { NOT_AVAILABLE, USER_INFO, fail, mockApi, ok } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { useUserStore } from '../../services/user';

function signIn() {
  useUserStore
    .getState()
    .setSession({ token: 'tok', refresh_token: 'r', userInfo: { ...USER_INFO } });
}

function myPhoto(id: number, current_score: number, extra: Partial<MyPhoto> = {}): MyPhoto {
  return {
    id,
    category_id: 1,
    current_score,
    provisional: false,
    comparisons: 20,
    wins: 15,
    image: {
      url: `/u/${id}.jpg`,
      medium_url: `/u/${id}-m.jpg`,
      thumb_url: `/u/${id}-t.jpg`,
      width: 1080,
      height: 1440,
      placeholder: '#444',
    },
    state: 'active',
    state_reason: null,
    boost_remaining: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

function page(...photos: MyPhoto[]) {
  return ok({ photos, current_page: 1, total_pages: 1, total_photos: photos.length });
}

function stats(overrides: Partial<VoteStats> = {}): VoteStats {
  return {
    total_votes: 42,
    today_votes: 5,
    fuel: 88,
    fuel_earned_today: 5,
    fuel_daily_cap: 100,
    onboarding: { votes: 10, required: 10, unlocked: true },
    streak_days: 3,
    achievements: [
      {
        key: 'first-vote',
        icon: 'first-vote',
        title: '初次投票',
        title_en: 'First vote',
        description: '完成第一次投票',
        description_en: 'Cast your first vote',
        unlocked_at: '2026-01-02T00:00:00.000Z',
      },
      {
        key: 'votes-100',
        icon: 'votes',
        title: '百票达人',
        title_en: '100 votes',
        description: '累计投出 100 票',
        description_en: 'Cast 100 votes',
        unlocked_at: null,
      },
    ],
    ...overrides,
  };
}

describe('profile page', () => {
  it('shows the user: nickname, fuel, rank, rating 5.0 and level without photos', async () => {
    signIn();
    mockApi({ get_my_photos: NOT_AVAILABLE, get_user_vote_stats: ok(stats()) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: '小明' })).toBeTruthy();
    expect(screen.getByTestId('fuel').textContent).toContain('88');
    expect(screen.getByTestId('rank').textContent).toBe('#123');
    expect(screen.getByTestId('rating').textContent).toBe('5.0');
    expect(screen.getByTestId('level').textContent).toBe('颜值新手');
    expect(await screen.findByText('该功能尚未开放')).toBeTruthy();
  });

  it('shows the best photo, its rating with one decimal, level and the grid', async () => {
    signIn();
    mockApi({
      get_my_photos: page(
        myPhoto(3, 812, { provisional: true, comparisons: 4, wins: 3 }),
        myPhoto(4, 640, { state: 'hidden' }),
        myPhoto(5, 600, { state: 'removed', state_reason: '色情低俗', comparisons: 0, wins: 0 }),
      ),
      get_user_vote_stats: ok(stats()),
    });
    renderApp('/profile');
    await waitFor(() => {
      expect(screen.getByTestId('rating').textContent).toBe('8.1');
    });
    expect(screen.getByTestId('level').textContent).toBe('颜值大神');
    expect(screen.getByTestId('provisional').textContent).toBe('定级中');
    expect(screen.getByRole('img', { name: '我的最佳照片' }).getAttribute('src')).toBe(
      '/u/3-t.jpg',
    );
    expect(screen.getByText('共 3 张照片')).toBeTruthy();
    const cards = screen.getAllByTestId('my-photo');
    expect(cards).toHaveLength(3);
    const [first, second, third] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByTestId('photo-score').textContent).toBe('8.1');
    expect(first.textContent).toContain('4 场对决');
    expect(first.textContent).toContain('胜率 75%');
    expect(first.textContent).toContain('定级中');
    expect(second.textContent).toContain('审核中');
    expect(within(second).queryByRole('button', { name: /加速/ })).toBeNull();
    expect(third.textContent).toContain('已移除');
    expect(third.textContent).toContain('原因：色情低俗');
    expect(third.textContent).toContain('暂无胜率');
  });

  it('hides the score before the unlock and says how many votes are left', async () => {
    signIn();
    mockApi({
      get_my_photos: page(myPhoto(3, 812)),
      get_user_vote_stats: ok(stats({ onboarding: { votes: 3, required: 10, unlocked: false } })),
    });
    renderApp('/profile');
    expect(await screen.findByText('再投 7 票解锁你的颜值分')).toBeTruthy();
    expect(screen.getByTestId('rating-locked')).toBeTruthy();
    expect(screen.queryByTestId('rating')).toBeNull();
    expect(screen.getByTestId('photo-score').textContent).toBe('投满 10 票后可见分数');
    expect(screen.queryByText('8.1')).toBeNull();
  });

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

  it('draws the score history, or 暂无数据 while the server has none', async () => {
    signIn();
    mockApi({
      get_my_photos: page(myPhoto(3, 812), myPhoto(4, 640)),
      get_user_vote_stats: ok(stats()),
      get_photo_history: (call) =>
        call.body.photo_id === 3
          ? ok({
              photo_id: 3,
              points: [
                { date: '2026-01-01', score: 700 },
                { date: '2026-01-02', score: 760 },
                { date: '2026-01-03', score: 812 },
              ],
            })
          : NOT_AVAILABLE,
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: '数据' }));
    const chart = await screen.findByRole('img', { name: '第 1 张照片的分数走势' });
    expect(chart.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
    expect(chart.textContent).toContain('8.1');
    expect(screen.getByText(/从 2026-01-01 到 2026-01-03，分数由 7.0 变为 8.1/)).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: '选择照片' }), '第 2 张（6.4）');
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('lists earned and locked achievements', async () => {
    signIn();
    mockApi({ get_my_photos: page(myPhoto(3, 812)), get_user_vote_stats: ok(stats()) });
    const { user } = renderApp('/profile');
    const tab = await screen.findByRole('tab', { name: '成就' });
    await user.click(tab);
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const items = await screen.findAllByTestId('achievement');
    expect(items[0]?.textContent).toContain('初次投票');
    expect(items[0]?.textContent).toContain('已获得');
    expect(items[1]?.textContent).toContain('未解锁');
    expect(screen.getByText('已获得 1 / 2 个成就')).toBeTruthy();
  });

  it('moves between tabs with the arrow keys', async () => {
    signIn();
    mockApi({ get_my_photos: page(myPhoto(3, 812)), get_user_vote_stats: ok(stats()) });
    const { user } = renderApp('/profile');
    const photosTab = await screen.findByRole('tab', { name: '我的照片' });
    photosTab.focus();
    await user.keyboard('{ArrowRight}');
    const dataTab = screen.getByRole('tab', { name: '数据' });
    expect(dataTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(dataTab);
  });

  it('has upload another, and share my rank opens the share modal for the best photo', async () => {
    signIn();
    const api = mockApi({
      get_my_photos: page(myPhoto(3, 812), myPhoto(4, 640)),
      get_user_vote_stats: ok(stats()),
      gen_share_image: ok(shareCard({ photo_id: 3, period_type: 'all', rank: 12 })),
    });
    const { user } = renderApp('/profile');
    expect((await screen.findByRole('link', { name: '再传一张照片' })).getAttribute('href')).toBe(
      '/upload',
    );
    await screen.findAllByTestId('my-photo');
    const share = screen.getByRole<HTMLButtonElement>('button', { name: '分享我的排名' });
    expect(share.disabled).toBe(false);
    await user.click(share);
    const dialog = await screen.findByRole('dialog', { name: '分享我的排名' });
    expect(
      await within(dialog).findByRole('img', { name: '我的排名卡片：第 12 名，颜值 8.1' }),
    ).toBeTruthy();
    expect(api.callsTo('gen_share_image')[0]?.body).toEqual({
      photo_id: 3,
      period_type: 'all',
      period_date: null,
      lang: 'zh',
    });
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

  it('shows a visitor their voting stats and fuel and invites a first upload', async () => {
    const fetchMock = mockApi({
      get_user_vote_stats: ok(
        stats({
          total_votes: 4,
          fuel: 54,
          onboarding: { votes: 4, required: 10, unlocked: false },
        }),
      ),
    });
    renderApp('/profile');
    expect(await screen.findByText('还没有你的照片')).toBeTruthy();
    await waitFor(() => {
      expect(screen.getByTestId('total-votes').textContent).toBe('4');
    });
    expect(screen.getByTestId('fuel').textContent).toContain('54');
    expect(screen.getByText('再投 6 票解锁你的颜值分')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: '上传照片' });
    expect(links[0]?.getAttribute('href')).toBe('/upload');
    expect(screen.getByRole('group', { name: '语言' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
    expect(fetchMock.callsTo('get_my_photos')).toHaveLength(0);
    expect(fetchMock.callsTo('get_user_vote_stats')[0]?.body).toMatchObject({ user_id: null });
  });
});
