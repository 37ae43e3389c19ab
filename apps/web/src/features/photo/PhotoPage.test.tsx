import type { PublicPhoto } from '@yanzhi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { shareCard } from '../../testing/leaderboard-fixtures';
import { CATEGORIES, fail, mockApi, ok } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';

/** The page's chunk loads on demand: a busy machine may take more than the default second. */
const SLOW = { timeout: 5000 };

function publicPhoto(extra: Partial<PublicPhoto> = {}): PublicPhoto {
  return {
    id: 12,
    category_id: 1,
    image: {
      url: '/media/p/12.webp',
      medium_url: '/media/p/12-m.webp',
      thumb_url: '/media/p/12-t.webp',
      width: 600,
      height: 800,
      placeholder: 'data:image/webp;base64,UklGRg==',
    },
    current_score: 712,
    provisional: false,
    placement: null,
    rank: 2,
    board_total: 40,
    comparisons: 52,
    wins: 31,
    owner_name: '小红',
    is_mine: false,
    state: 'active',
    created_at: '2026-11-20T08:00:00.000Z',
    ...extra,
  };
}

const PROVISIONAL = publicPhoto({
  current_score: 585,
  provisional: true,
  placement: { matches_to_place: 9, score_low: 482, score_high: 689 },
  rank: null,
  comparisons: 14,
  wins: 8,
});

function open(path: string, photo: PublicPhoto | null = publicPhoto()) {
  const api = mockApi({
    get_categories: ok(CATEGORIES),
    get_photo: photo === null ? fail(40402, '照片不存在') : ok(photo),
    gen_share_image: ok(shareCard({ photo_id: 12, share_url: '/p/12' })),
  });
  return { api, ...renderApp(path) };
}

afterEach(() => {
  setLanguage('zh-CN');
  Reflect.deleteProperty(window.navigator, 'onLine');
});

describe('the photo page (/p/<id>)', () => {
  it('shows the photo, score, level, rank on its board, matches, win rate and owner', async () => {
    const { api } = open('/p/12');
    const page = await screen.findByTestId('photo-page', undefined, SLOW);
    await within(page).findByText('#2 · 女生');
    expect(api.callsTo('get_photo')[0]?.body).toEqual({ photo_id: 12 });
    expect(within(page).getByTestId('photo-score').textContent).toContain('7.1');
    expect(within(page).getByTestId('photo-level').textContent).toBe('颜值高手');
    expect(within(page).getByTestId('photo-rank').textContent).toContain('#2 · 女生');
    expect(within(page).getByTestId('photo-rank').textContent).toContain(
      '女生总榜第 2 名，共 40 张',
    );
    expect(within(page).getByTestId('photo-matches').textContent).toBe('52 场');
    expect(within(page).getByTestId('photo-win-rate').textContent).toBe('60%');
    expect(within(page).getByText('来自 小红')).toBeTruthy();
    expect(within(page).queryByTestId('photo-placing')).toBeNull();
    const image = within(page).getByRole('img', { name: '小红 的照片' });
    expect(image.getAttribute('srcset')).toContain('/media/p/12-m.webp');
    await waitFor(() => {
      expect(document.title).toBe('照片 - 颜值竞技场');
    });
  });

  it('leads "来比一比" into the arena of its category with the photo', async () => {
    const { router, user } = open('/p/12');
    const compare = await screen.findByRole('link', { name: '来比一比' }, SLOW);
    expect(compare.getAttribute('href')).toBe('/arena?category=1&photo=12');
    await user.click(compare);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/arena');
    });
    // The arena takes the two parameters in and drops them from the address
    // (ArenaPage.address.test.tsx); the category and photo travel in its first pair request.
  });

  it('shows a provisional photo’s range and the matches its placement still needs', async () => {
    open('/p/12', PROVISIONAL);
    const page = await screen.findByTestId('photo-page', undefined, SLOW);
    await within(page).findByText('未上榜 · 女生');
    expect(within(page).getByTestId('photo-score').textContent).toContain('4.8–6.9');
    expect(within(page).getByTestId('photo-placing').textContent).toContain('定级中 · 还需约 9 场');
    expect(within(page).getByTestId('photo-rank').textContent).toBe('未上榜 · 女生');
    expect(within(page).getByTestId('photo-win-rate').textContent).toBe('57%');
  });

  it('says not found for a missing or hidden photo, and for an address naming none', async () => {
    open('/p/404', null);
    expect(await screen.findByText('照片不存在或已下架', undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去竞技场' }).getAttribute('href')).toBe('/arena');
  });

  it('does not ask the server for an address that names no photo', async () => {
    const { api } = open('/p/abc');
    expect(await screen.findByText('照片不存在或已下架', undefined, SLOW)).toBeTruthy();
    expect(api.callsTo('get_photo')).toHaveLength(0);
  });

  it('says it is offline instead of loading forever', async () => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    mockApi({ get_categories: ok(CATEGORIES) });
    renderApp('/p/12');
    expect(await screen.findByTestId('offline-state', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('网络恢复后就能看到这张照片')).toBeTruthy();
  });

  it('offers its owner the card of this photo', async () => {
    const { api, user } = open('/p/12', publicPhoto({ is_mine: true }));
    await user.click(await screen.findByRole('button', { name: '分享' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('share-card');
    expect(api.callsTo('gen_share_image')[0]?.body).toMatchObject({
      photo_id: 12,
      period_type: 'all',
    });
    expect(screen.queryByRole('link', { name: '看排行榜' })).toBeNull();
  });

  it('tells its owner when the photo is hidden, and offers no match for it', async () => {
    open('/p/12', publicPhoto({ is_mine: true, state: 'hidden', rank: null }));
    expect(await screen.findByRole('note', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '来比一比' })).toBeNull();
  });

  it('speaks English', async () => {
    setLanguage('en');
    open('/p/12', PROVISIONAL);
    const page = await screen.findByTestId('photo-page', undefined, SLOW);
    await within(page).findByText('Not ranked · Women');
    expect(within(page).getByTestId('photo-placing').textContent).toContain(
      'Being placed · about 9 more matches',
    );
    expect(within(page).getByTestId('photo-rank').textContent).toBe('Not ranked · Women');
    expect(within(page).getByRole('link', { name: 'Compare it' })).toBeTruthy();
    await waitFor(() => {
      expect(document.title).toBe('Photo - Yanzhi Arena');
    });
  });
});
