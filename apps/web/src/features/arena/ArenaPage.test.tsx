import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDeviceId } from '../../lib/identity';
import { makePair, pairServer, voteStats } from '../../testing/arena-fixtures';
import { choice, endReveal, openArena, pairId, useClock } from '../../testing/arena-page';
import { CATEGORIES, NOT_AVAILABLE, USER_INFO, fail, mockApi, ok } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { useUserStore } from '../../services/user';
import { ARENA_PHOTO_SIZES } from './preload-pair';

describe('arena page: the pair', () => {
  it('shows a skeleton first, then two choice buttons with sized images over placeholders', async () => {
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_random_photos_for_rating: pairServer(),
      get_user_vote_stats: ok(voteStats({ fuel: 57 })),
    });
    renderApp('/');
    expect(await screen.findByTestId('arena-skeleton')).toBeTruthy();
    const pair = await screen.findByTestId('arena-pair');
    expect(pair.dataset.pairId).toBe('pair-1');
    expect(screen.queryByTestId('arena-skeleton')).toBeNull();

    const [first, second] = within(pair).getAllByTestId('arena-photo');
    for (const [card, id] of [
      [first, 1],
      [second, 2],
    ] as const) {
      const img = card?.querySelector('img');
      expect(img?.getAttribute('src')).toBe(`/media/photos/${id}-display.webp`);
      // The browser picks the variant the frame needs (ADR 0018); these photos come first.
      expect(img?.getAttribute('srcset')).toBe(
        `/media/photos/${id}-medium.webp 480w, /media/photos/${id}-display.webp 600w`,
      );
      expect(img?.getAttribute('sizes')).toBe(ARENA_PHOTO_SIZES);
      expect(img?.getAttribute('fetchpriority')).toBe('high');
      expect(img?.getAttribute('width')).toBe('600');
      expect(img?.getAttribute('height')).toBe('800');
      const placeholder = card?.querySelector<HTMLElement>('.arena-card__placeholder');
      expect(placeholder?.style.backgroundImage).toContain('data:image/webp');
    }
    expect(choice(1)).toBeTruthy();
    expect(choice(2)).toBeTruthy();
    expect(screen.queryByTestId('score-chip')).toBeNull();

    expect(api.callsTo('get_random_photos_for_rating')[0]?.body).toEqual({
      category_id: 1,
      anonymous_id: getDeviceId(),
      user_id: null,
    });
    // The statistics wait until the photos on screen are in (the next pair is waiting).
    await waitFor(() => {
      expect(screen.getByTestId('fuel-pill').textContent).toContain('57');
    });
    expect(api.callsTo('get_user_vote_stats')[0]?.body).toEqual({
      user_id: null,
      anonymous_id: getDeviceId(),
    });
    const order = api.calls.map((call) => call.url);
    const secondPair = order.indexOf(
      '/api/get_random_photos_for_rating',
      order.indexOf('/api/get_random_photos_for_rating') + 1,
    );
    expect(secondPair).toBeGreaterThan(0);
    expect(order.indexOf('/api/get_user_vote_stats')).toBeGreaterThan(secondPair);
    expect(screen.getByRole('link', { name: '个人中心' }).getAttribute('href')).toBe('/profile');
  });

  it('prefetches the next pairs and never shows a served pair again', async () => {
    useClock();
    const api = await openArena();
    await waitFor(() => {
      expect(api.callsTo('get_random_photos_for_rating')).toHaveLength(4);
    });
    const seen = [pairId()];
    for (let i = 0; i < 5; i += 1) {
      fireEvent.click(choice(1));
      await screen.findAllByTestId('score-chip');
      endReveal();
      // The next pair is there at once: no skeleton between votes.
      expect(screen.queryByTestId('arena-skeleton')).toBeNull();
      seen.push(pairId());
    }
    expect(seen).toEqual(['pair-1', 'pair-2', 'pair-3', 'pair-4', 'pair-5', 'pair-6']);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('asks for pairs of the chosen category with the user id when signed in', async () => {
    useUserStore.getState().setUser(USER_INFO);
    const api = await openArena({ get_user_vote_stats: NOT_AVAILABLE }, '/arena');
    expect(screen.getByTestId('fuel-pill').textContent).toContain('88');
    fireEvent.click(screen.getByRole('button', { name: '明星' }));
    await waitFor(() => {
      expect(api.callsTo('get_random_photos_for_rating').at(-1)?.body).toMatchObject({
        category_id: 3,
        user_id: 7,
      });
    });
  });
});

describe('arena page: states', () => {
  it('invites to upload or switch category when the category has no pair (40405)', async () => {
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_random_photos_for_rating: fail(40405, '这个分类暂时没有可以比较的照片了'),
      get_user_vote_stats: ok(voteStats()),
    });
    const { user } = renderApp('/');
    const empty = await screen.findByTestId('arena-empty');
    expect(within(empty).getByRole('link', { name: '上传照片' }).getAttribute('href')).toBe(
      '/upload',
    );
    await user.click(within(empty).getByRole('button', { name: '换个分类' }));
    await waitFor(() => {
      expect(api.callsTo('get_random_photos_for_rating').at(-1)?.body).toMatchObject({
        category_id: 2,
      });
    });
    expect(screen.getByRole('button', { name: '男生' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows other errors with a retry that works', async () => {
    let attempts = 0;
    mockApi({
      get_categories: ok(CATEGORIES),
      get_random_photos_for_rating: () => {
        attempts += 1;
        return attempts === 1 ? fail(50000, '服务器开小差了，请稍后再试') : ok(makePair(attempts));
      },
    });
    const { user } = renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('照片加载失败');
    expect(alert.textContent).toContain('服务器开小差了，请稍后再试');
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('arena-pair')).toBeTruthy();
  });

  it('shows a category error with a retry that works', async () => {
    let attempts = 0;
    mockApi({
      get_categories: () => {
        attempts += 1;
        return attempts === 1 ? fail(50000, '服务器开小差了，请稍后再试') : ok(CATEGORIES);
      },
      get_random_photos_for_rating: pairServer(),
    });
    const { user } = renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('分类加载失败');
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    const chips = await screen.findByRole('group', { name: '分类' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['女生', '男生', '明星', 'AI']);
  });

  it('shows a loading state while the categories arrive', async () => {
    mockApi({ get_categories: () => new Promise(() => undefined) });
    renderApp('/');
    const status = await screen.findByRole('status', { busy: true });
    expect(status.textContent).toContain('加载中');
  });
});
