import { ERROR_MESSAGES, ErrorCode } from '@yanzhi/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { CATEGORIES, mockApi, ok } from '../../testing/mock-api';
import {
  expectNoDefaults,
  myPhoto,
  photosPage as page,
  signIn,
  stats,
} from '../../testing/profile-fixtures';
import { renderApp } from '../../testing/render-app';
import { PROFILE_TEXTS } from './texts-data';

const PLACING = { matches_to_place: 12, score_low: 480, score_high: 690 };

/** Issue 17 "profile truth": the card says only what is known. */
describe('profile truth', () => {
  /** The first test of a file also waits for the profile's chunk (seconds on a busy machine). */
  const ROUTE = { timeout: 8000 };

  afterEach(() => {
    vi.restoreAllMocks();
    setLanguage('zh-CN');
  });

  it('shows a skeleton while the photos load: no 5.0, 颜值新手 nor #123, no upload or share yet', async () => {
    signIn();
    mockApi({
      get_my_photos: () => new Promise<never>(() => undefined),
      get_user_vote_stats: ok(stats()),
    });
    renderApp('/profile');
    const skeleton = await screen.findByTestId('profile-skeleton', {}, ROUTE);
    expect(skeleton.closest('[aria-busy="true"]')?.textContent).toContain('正在读取你的照片和排名');
    expectNoDefaults();
    expect(screen.queryByTestId('rank')).toBeNull();
    expect(screen.queryByText('再传一张照片')).toBeNull();
    expect(screen.queryByRole('button', { name: '分享我的排名' })).toBeNull();
  });

  it('invites the first upload when there is no photo, with nothing to share', async () => {
    signIn();
    mockApi({ get_my_photos: page(), get_user_vote_stats: ok(stats()) });
    renderApp('/profile');
    expect((await screen.findByTestId('profile-no-photo')).textContent).toContain('还没有你的照片');
    expect(screen.getByRole('link', { name: '上传第一张照片' }).getAttribute('href')).toBe(
      '/upload',
    );
    expect(screen.queryByText('再传一张照片')).toBeNull();
    expect(screen.queryByRole('button', { name: '分享我的排名' })).toBeNull();
    expectNoDefaults();
  });

  it('says it is offline instead of loading for ever or showing defaults', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    signIn();
    mockApi({ get_my_photos: page(myPhoto(3, 812)), get_user_vote_stats: ok(stats()) });
    renderApp('/profile');
    expect((await screen.findByTestId('profile-offline')).textContent).toContain('网络未连接');
    expectNoDefaults();
    expect(screen.queryByTestId('rank')).toBeNull();
  });

  it('shows the best ranked photo’s place on its board with its category, and offers sharing', async () => {
    signIn();
    mockApi({
      get_categories: ok(CATEGORIES),
      get_my_photos: page(
        myPhoto(3, 812, { provisional: true, placement: PLACING }),
        myPhoto(4, 760, { rank: 2, category_id: 2 }),
      ),
      get_user_vote_stats: ok(stats()),
    });
    renderApp('/profile');
    expect(await screen.findByText('#2 · 男生')).toBeTruthy();
    expect(screen.getByTestId('rank').textContent).toBe('#2 · 男生');
    expect(screen.getByText('再传一张照片')).toBeTruthy();
    expect(screen.getByRole('button', { name: '分享我的排名' })).toBeTruthy();
  });

  it('says 定级中 for the rank while every photo is placing, and has nothing to share', async () => {
    signIn();
    mockApi({
      get_categories: ok(CATEGORIES),
      get_my_photos: page(myPhoto(3, 600, { provisional: true, placement: PLACING })),
      get_user_vote_stats: ok(stats()),
    });
    renderApp('/profile');
    expect((await screen.findByTestId('rank')).textContent).toBe('定级中');
    // Its card says 定级中 and opens its page, where a friend finds it.
    expect(screen.getByRole('button', { name: '分享我的排名' })).toBeTruthy();
    const card = screen.getByTestId('my-photo');
    const placement = within(card).getByTestId('placement');
    expect(placement.textContent).toContain('定级中 · 还需约 12 场');
    expect(placement.textContent).toContain('分数区间 4.8–6.9');
  });

  it('says the placement in English too', async () => {
    setLanguage('en');
    signIn();
    mockApi({
      get_my_photos: page(
        myPhoto(3, 600, {
          provisional: true,
          placement: { matches_to_place: 1, score_low: 480, score_high: 690 },
        }),
      ),
      get_user_vote_stats: ok(stats()),
    });
    renderApp('/profile');
    const placement = await screen.findByTestId('placement');
    expect(placement.textContent).toContain('Placing · about 1 more match');
    expect(placement.textContent).toContain('Range 4.8–6.9');
    expect(screen.getByTestId('rank').textContent).toBe('Placing');
  });

  it('shows how far a locked achievement has come', async () => {
    signIn();
    const base = stats();
    const [earned, locked] = base.achievements;
    if (!earned || !locked) throw new Error('the fixture has two achievements');
    mockApi({
      get_my_photos: page(myPhoto(3, 812)),
      get_user_vote_stats: ok({
        ...base,
        achievements: [earned, { ...locked, progress: { current: 37, target: 100 } }],
      }),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: '成就' }));
    const progress = await screen.findByTestId('achievement-progress');
    expect(progress.textContent).toBe('37/100');
    expect(progress.getAttribute('aria-label')).toBe('未解锁 · 进度 37/100');
  });

  it('words the last photo’s rule as the contract does', () => {
    expect(PROFILE_TEXTS['zh-CN']['lastPhoto.text']).toBe(ERROR_MESSAGES[ErrorCode.LAST_PHOTO].zh);
    expect(PROFILE_TEXTS.en['lastPhoto.text']).toBe(ERROR_MESSAGES[ErrorCode.LAST_PHOTO].en);
  });
});
