import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../testing/mock-api';
import { myPhoto, photosPage as page, signIn, stats } from '../../testing/profile-fixtures';
import { renderApp } from '../../testing/render-app';

describe('boost delivery on the profile', () => {
  it("shows each boost's exposures served of those bought, as the server counts them", async () => {
    signIn();
    mockApi({
      get_my_photos: page(
        myPhoto(3, 812, { boost_remaining: 38, boost_delivered: 12 }),
        myPhoto(4, 640, { boost_remaining: 0, boost_delivered: 30 }),
        myPhoto(5, 520),
      ),
      get_user_vote_stats: ok(stats()),
    });
    const { user } = renderApp('/profile');
    const cards = await screen.findAllByTestId('my-photo', {}, { timeout: 8000 });
    expect(cards).toHaveLength(3);
    const [running, done, never] = cards as [HTMLElement, HTMLElement, HTMLElement];
    // A boost under way: served / bought on the card; a finished one or none: no line.
    expect(within(running).getByTestId('boost-delivery').textContent).toBe(
      '加速中 · 已曝光 12 / 50',
    );
    expect(within(done).queryByTestId('boost-delivery')).toBeNull();
    expect(within(never).queryByTestId('boost-delivery')).toBeNull();

    // The sheet says what the current or last boost delivered before one buys more.
    await user.click(screen.getByRole('button', { name: '为第 1 张照片加速' }));
    let sheet = await screen.findByRole('dialog', { name: '为第 1 张照片加速曝光' });
    expect(within(sheet).getByTestId('boost-sheet-delivery').textContent).toBe(
      '本次加速已曝光 12 / 50，再买会并入本次加速',
    );
    await user.click(within(sheet).getByRole('button', { name: '取消' }));
    await user.click(await screen.findByRole('button', { name: '为第 2 张照片加速' }));
    sheet = await screen.findByRole('dialog', { name: '为第 2 张照片加速曝光' });
    expect(within(sheet).getByTestId('boost-sheet-delivery').textContent).toBe(
      '上次加速已曝光 30 / 30',
    );
    await user.click(within(sheet).getByRole('button', { name: '取消' }));
    await user.click(await screen.findByRole('button', { name: '为第 3 张照片加速' }));
    sheet = await screen.findByRole('dialog', { name: '为第 3 张照片加速曝光' });
    expect(within(sheet).queryByTestId('boost-sheet-delivery')).toBeNull();
  });
});
