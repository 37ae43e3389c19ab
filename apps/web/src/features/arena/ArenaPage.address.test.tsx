import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openArena } from '../../testing/arena-page';
import { fail } from '../../testing/mock-api';
import { pairServer } from '../../testing/arena-fixtures';
import { readArenaAddress } from './use-arena-address';

describe('arena page: "来比一比" from a photo page', () => {
  it('opens the category of the address and asks for the photo in the first pair only', async () => {
    const api = await openArena({}, '/arena?category=3&photo=42');
    const requests = api.callsTo('get_random_photos_for_rating').map((call) => call.body);
    expect(requests[0]).toMatchObject({ category_id: 3, with_photo_id: 42 });
    for (const later of requests.slice(1)) {
      expect(later).toMatchObject({ category_id: 3 });
      expect(later).not.toHaveProperty('with_photo_id');
    }
    expect(screen.getByRole('button', { name: '明星' }).getAttribute('aria-pressed')).toBe('true');
    // Read once, then gone from the address: a reload must not ask for the photo again.
    await waitFor(() => {
      expect(api.view.router.state.location.search).toBe('');
    });
    expect(api.view.router.state.location.pathname).toBe('/arena');
  });

  it('goes on with ordinary pairs when the photo cannot be paired', async () => {
    const pairs = pairServer();
    const api = await openArena(
      {
        get_random_photos_for_rating: (call) =>
          call.body.with_photo_id === undefined ? pairs() : fail(40401, '照片不存在'),
      },
      '/arena?category=2&photo=999',
    );
    expect(screen.getByTestId('arena-pair').dataset.pairId).toBe('pair-1');
    expect(api.callsTo('get_random_photos_for_rating')[0]?.body).toMatchObject({
      with_photo_id: 999,
    });
  });

  it('falls back to the first category when the address names none that exists', async () => {
    const api = await openArena({}, '/arena?category=77');
    expect(screen.getByRole('button', { name: '女生' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => {
      expect(
        api.callsTo('get_random_photos_for_rating').some((call) => call.body.category_id === 1),
      ).toBe(true);
    });
  });

  it.each([
    ['?category=3&photo=42', { categoryId: 3, lead: { categoryId: 3, photoId: 42 } }],
    ['?category=3', { categoryId: 3, lead: null }],
    ['?photo=42', { categoryId: null, lead: null }],
    ['?category=abc&photo=-1', { categoryId: null, lead: null }],
    ['?category=0&photo=1e3', { categoryId: null, lead: null }],
  ])('reads %s', (search, want) => {
    expect(readArenaAddress(new URLSearchParams(search))).toEqual(want);
  });
});
