import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { voteStats } from '../../testing/arena-fixtures';
import { CATEGORIES, NOT_AVAILABLE, USER_INFO, mockApi, ok } from '../../testing/mock-api';
import { useUserStore } from '../../services/user';
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

  it("shows the voter's progress to the unlock from the vote stats", async () => {
    useUserStore.getState().setUser(USER_INFO);
    const api = mockApi({
      get_user_vote_stats: ok(
        voteStats({ onboarding: { votes: 3, required: 10, unlocked: false } }),
      ),
    });
    renderApp('/onboarding');
    const bar = await screen.findByRole('progressbar', { name: '解锁进度' });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('10');
    expect(screen.getByText('再投 7 票解锁你的颜值分')).toBeTruthy();
    expect(api.callsTo('get_user_vote_stats')[0]?.body).toMatchObject({ user_id: 7 });
  });

  it('says the score is unlocked once it is, and shows no progress without stats', async () => {
    mockApi({
      get_user_vote_stats: ok(
        voteStats({ onboarding: { votes: 12, required: 10, unlocked: true } }),
      ),
    });
    const first = renderApp('/onboarding');
    expect(await screen.findByText('你的颜值分已解锁')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    first.unmount();

    mockApi({ get_user_vote_stats: NOT_AVAILABLE });
    renderApp('/onboarding');
    await screen.findByRole('list', { name: '玩法介绍' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText('你的颜值分已解锁')).toBeNull();
  });
});
