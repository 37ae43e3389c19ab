import type { PhotoNews, PhotoNewsItem } from '@yanzhi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLanguageStore } from '../../../lib/i18n/language';
import { NOT_AVAILABLE, mockApi, ok, type CallTo } from '../../../testing/mock-api';
import { myPhoto, photosPage, signIn, stats } from '../../../testing/profile-fixtures';
import { renderApp } from '../../../testing/render-app';

function item(photoId: number, extra: Partial<PhotoNewsItem> = {}): PhotoNewsItem {
  return {
    photo_id: photoId,
    category_id: 1,
    image: myPhoto(photoId, 640).image,
    wins: 12,
    losses: 3,
    score_before: 610,
    score_after: 640,
    rank_before: 9,
    rank_after: 5,
    placed: false,
    report_decision: null,
    boost_finished: false,
    at: '2026-11-25T08:00:00.000Z',
    ...extra,
  };
}

function news(...items: PhotoNewsItem[]): PhotoNews {
  return { since: null, unseen: items.length, items };
}

describe("your photos' news", () => {
  it('shows the badge on 我的 from one start-up call, then the inbox marks it seen and clears it', async () => {
    signIn();
    const asked: boolean[] = [];
    const fetchMock = mockApi({
      get_categories: NOT_AVAILABLE,
      get_random_photos_for_rating: NOT_AVAILABLE,
      get_photo_news: (call: CallTo<'get_photo_news'>) => {
        asked.push(call.body.mark_seen);
        return ok(
          news(
            item(3),
            item(4, { wins: 0, losses: 0, placed: true, report_decision: 'kept' }),
            item(5, {
              wins: 0,
              losses: 0,
              rank_before: null,
              rank_after: null,
              boost_finished: true,
            }),
          ),
        );
      },
      get_my_photos: photosPage(myPhoto(3, 640)),
      get_user_vote_stats: ok(stats()),
    });
    const { router } = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    const me = await within(nav).findByRole('link', { name: /我的.*3 条新动态/ });
    expect(asked).toEqual([false]);
    // Moving between pages asks nothing more: one call on start, no polling.
    await router.navigate('/leaderboard');
    await router.navigate('/');
    expect(fetchMock.callsTo('get_photo_news')).toHaveLength(1);

    await router.navigate('/profile');
    const inbox = await screen.findByTestId('photo-news');
    expect(within(inbox).getByRole('heading', { name: '你的照片动态' })).toBeTruthy();
    const rows = await within(inbox).findAllByTestId('news-item');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual(['/p/3', '/p/4', '/p/5']);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.textContent).toContain('赢 12 场 · 输 3 场');
    expect(first.textContent).toContain('排名 #9 → #5');
    expect(first.textContent).toContain('分数 6.1 → 6.4');
    expect(second.textContent).toContain('定级完成');
    expect(second.textContent).toContain('举报已处理：保留');
    expect(second.textContent).not.toContain('赢');
    expect(third.textContent).toContain('曝光已用完');
    expect(asked).toEqual([false, true]);
    await waitFor(() => {
      expect(within(nav).getByRole('link', { name: '我的' })).toBeTruthy();
    });
    expect(me.querySelector('.bottom-nav__badge')).toBeNull();
  });

  it('says so when there is no news, in English too', async () => {
    signIn();
    useLanguageStore.setState({ language: 'en' });
    mockApi({
      get_photo_news: ok(news()),
      get_my_photos: photosPage(myPhoto(3, 640)),
      get_user_vote_stats: ok(stats()),
    });
    renderApp('/profile');
    expect(await screen.findByText('No news yet')).toBeTruthy();
  });

  it('leaves the score out while the owner has not unlocked it', async () => {
    signIn();
    mockApi({
      get_photo_news: ok(news(item(3))),
      get_my_photos: photosPage(myPhoto(3, 640)),
      get_user_vote_stats: ok(stats({ onboarding: { votes: 4, required: 10, unlocked: false } })),
    });
    renderApp('/profile');
    const [row] = await screen.findAllByTestId('news-item');
    await waitFor(() => {
      expect(row?.textContent).toContain('赢 12 场 · 输 3 场');
    });
    expect(row?.textContent).not.toContain('分数');
  });

  it('asks nothing without a user', async () => {
    const fetchMock = mockApi({
      get_categories: NOT_AVAILABLE,
      get_random_photos_for_rating: NOT_AVAILABLE,
    });
    renderApp('/');
    await screen.findByRole('navigation', { name: '主导航' });
    expect(fetchMock.callsTo('get_photo_news')).toHaveLength(0);
    expect(screen.queryByText(/条新动态/)).toBeNull();
  });
});
