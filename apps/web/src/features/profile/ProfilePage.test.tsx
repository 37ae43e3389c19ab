import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shareCard } from '../../testing/leaderboard-fixtures';
import { NOT_AVAILABLE, mockApi, ok } from '../../testing/mock-api';
import {
  expectNoDefaults,
  myPhoto,
  photosPage as page,
  signIn,
  stats,
} from '../../testing/profile-fixtures';
import { renderApp } from '../../testing/render-app';

// What the profile shows; what is done from it (boost, delete, sign out) is in ProfileActions.test.tsx.
describe('profile page', () => {
  it('says the photos cannot be read, never 5.0 / 颜值新手 / #123 in their place', async () => {
    signIn();
    mockApi({ get_my_photos: NOT_AVAILABLE, get_user_vote_stats: ok(stats()) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: '小明' })).toBeTruthy();
    expect(screen.getByTestId('fuel').textContent).toContain('88');
    expect((await screen.findAllByText('该功能尚未开放')).length).toBeGreaterThan(0);
    expectNoDefaults();
  });

  it('shows the best photo, its rating with one decimal, placing (no level yet) and the grid', async () => {
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
    // A placing photo's score is still a guess: no level from it.
    expect(screen.queryByTestId('level')).toBeNull();
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
    mockApi({ get_my_photos: page(myPhoto(3, 812)) });
    const { user } = renderApp('/profile');
    await screen.findByTestId('level');
    const english = await screen.findByRole('button', { name: 'English' });
    await user.click(english);
    expect(english.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal centre' })).toBeTruthy();
    expect(screen.getByTestId('level').textContent).toBe('Beauty God');
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.language)).toBe('en');
    await waitFor(() => {
      expect(document.title).toBe('Personal centre');
    });
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
