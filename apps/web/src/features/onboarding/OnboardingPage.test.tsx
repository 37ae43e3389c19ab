import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, NOT_AVAILABLE, mockApi, ok } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';

describe('onboarding page', () => {
  it('explains the game in three cards and starts voting', async () => {
    mockApi({ get_categories: ok(CATEGORIES), get_random_photos_for_rating: NOT_AVAILABLE });
    const { user, router } = renderApp('/onboarding');
    const steps = await screen.findByRole('list', { name: '玩法介绍' });
    const cards = within(steps).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[0]?.textContent).toContain('点击你觉得更好看的一张');
    expect(cards[1]?.textContent).toContain('燃料');
    expect(cards[2]?.textContent).toContain('投满 10 票');

    await user.click(screen.getByRole('link', { name: '开始投票' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(await screen.findByRole('button', { name: '女生' })).toBeTruthy();
  });
});
