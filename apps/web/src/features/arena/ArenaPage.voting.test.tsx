import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getDeviceId } from '../../lib/identity';
import {
  achievement,
  makePair,
  pairServer,
  voteServer,
  voteStats,
} from '../../testing/arena-fixtures';
import {
  choice,
  endReveal,
  openArena,
  pairId,
  allToasts,
  toastsOfKind,
  useClock,
} from '../../testing/arena-page';
import { USER_INFO, fail, ok } from '../../testing/mock-api';
import { useUserStore } from '../../services/user';

describe('arena page: voting', () => {
  it('sends exactly one vote for a tap, and nothing for a second tap during the reveal', async () => {
    useClock();
    const api = await openArena();
    fireEvent.click(choice(2));
    fireEvent.click(choice(2));
    fireEvent.click(choice(1));
    await screen.findAllByTestId('score-chip');
    fireEvent.click(choice(1));
    expect(api.callsTo('submit_photo_rating')).toHaveLength(1);
    expect(api.callsTo('submit_photo_rating')[0]?.body).toEqual({
      winner_photo_id: 2,
      loser_photo_id: 1,
      anonymous_id: getDeviceId(),
      pair_id: 'pair-1',
    });
    endReveal();
    expect(pairId()).toBe('pair-2');
    expect(api.callsTo('submit_photo_rating')).toHaveLength(1);
  });

  it('settles a boosted card with boosted_photo_id and sends the user id when signed in', async () => {
    useClock();
    useUserStore.getState().setUser(USER_INFO);
    const api = await openArena({
      get_random_photos_for_rating: pairServer({ boostedSide: 1 }),
    });
    fireEvent.click(choice(1));
    await screen.findAllByTestId('score-chip');
    expect(api.callsTo('submit_photo_rating')[0]?.body).toEqual({
      winner_photo_id: 1,
      loser_photo_id: 2,
      anonymous_id: getDeviceId(),
      pair_id: 'pair-1',
      boosted_photo_id: 2,
      user_id: 7,
    });
    // The user's fuel follows the server's answer.
    expect(useUserStore.getState().user?.fuel).toBe(51);
  });

  it.each([
    ['1', 0],
    ['2', 1],
    ['ArrowLeft', 0],
    ['ArrowRight', 1],
  ] as const)('votes with the key %s', async (key, side) => {
    useClock();
    const api = await openArena();
    fireEvent.keyDown(document.body, { key });
    await screen.findAllByTestId('score-chip');
    const pair = makePair(1);
    expect(api.callsTo('submit_photo_rating')[0]?.body).toMatchObject({
      winner_photo_id: pair.photos[side].id,
      loser_photo_id: pair.photos[side === 0 ? 1 : 0].id,
      pair_id: 'pair-1',
    });
  });

  it('ignores voting keys typed in a text field', async () => {
    const api = await openArena();
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: '1' });
    expect(api.callsTo('submit_photo_rating')).toHaveLength(0);
    field.remove();
  });

  it('reveals both scores, announces the choice, then slides the next pair in', async () => {
    useClock();
    await openArena();
    // The pair the arena opens with is painted at once; the next ones slide in.
    expect(screen.getByTestId('arena-pair').className).toContain('arena__pair--first');
    fireEvent.click(choice(1));
    const chips = await screen.findAllByTestId('score-chip');
    expect(chips.map((chip) => chip.textContent)).toEqual(['5.6▲0.1定级中 4.8–6.4', '5.4▼0.1']);
    const [first, second] = screen.getAllByTestId('arena-photo');
    expect(first?.className).toContain('arena-card--chosen');
    expect(second?.className).toContain('arena-card--other');
    expect(screen.getByTestId('arena-announcer').textContent).toBe('你选了照片 1：5.6 分，+0.1');
    expect(choice(1).getAttribute('aria-describedby')).toBe(chips[0]?.id);

    endReveal();
    expect(pairId()).toBe('pair-2');
    expect(screen.getByTestId('arena-pair').className).not.toContain('arena__pair--first');
    expect(screen.queryByTestId('score-chip')).toBeNull();
    expect(screen.getAllByTestId('arena-photo')[0]?.className).toContain('arena-card--idle');
  });

  it('raises no toast for a vote: the fuel counts up in place; an achievement toasts', async () => {
    useClock();
    await openArena({
      submit_photo_rating: voteServer({
        fuelPerVote: 2,
        achievementsOnVote: { 1: [achievement('first_vote')] },
      }),
    });
    fireEvent.click(choice(1));
    await screen.findAllByTestId('score-chip');
    // Issue 17: no fuel toast and no score toast about a stranger's photo, per vote.
    expect(toastsOfKind('fuel')).toEqual([]);
    expect(toastsOfKind('score-up')).toEqual([]);
    expect(toastsOfKind('score-down')).toEqual([]);
    expect(allToasts()).toMatchObject([
      { kind: 'achievement', title: '初来乍到', message: '投出你的第一票', icon: 'first-vote' },
    ]);
    expect(await screen.findByText('初来乍到')).toBeTruthy();
    await waitFor(() => {
      expect(screen.getByTestId('fuel-pill-value').textContent).toBe('52');
    });
    expect(screen.getByTestId('fuel-pill').textContent).toContain('52');

    endReveal();
    fireEvent.click(choice(2));
    await screen.findAllByTestId('score-chip');
    expect(allToasts()).toHaveLength(1);
    await waitFor(() => {
      expect(screen.getByTestId('fuel-pill-value').textContent).toBe('54');
    });
  });

  it('counts the onboarding down and says once what the unlock means for a visitor', async () => {
    useClock();
    await openArena({
      get_user_vote_stats: ok(
        voteStats({ onboarding: { votes: 8, required: 10, unlocked: false } }),
      ),
      submit_photo_rating: voteServer({
        votesBefore: 8,
        achievementsOnVote: {
          10: [
            achievement('votes_10', {
              icon: 'votes',
              title: '眼光入门',
              description: '投满 10 票，解锁你的颜值分',
            }),
          ],
        },
      }),
    });
    const bar = await screen.findByRole('progressbar', { name: '解锁进度' });
    expect(bar.getAttribute('aria-valuenow')).toBe('8');
    expect(bar.getAttribute('aria-valuemax')).toBe('10');
    expect(screen.getByText('再投 2 票解锁你的颜值分')).toBeTruthy();

    fireEvent.click(choice(1));
    await screen.findByText('再投 1 票解锁你的颜值分');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('9');
    endReveal();

    fireEvent.click(choice(2));
    // One toast, not the achievement and the unlock saying the same thing twice; a visitor
    // without an account has no photo, so it says what an upload now gets.
    await waitFor(() => {
      expect(allToasts()).toMatchObject([
        {
          kind: 'achievement',
          title: '眼光入门',
          message: '颜值分已解锁：传张照片看看几分',
        },
      ]);
    });
    expect(allToasts()).toHaveLength(1);
    // The bar stays, full, with where to go next.
    await waitFor(() => {
      expect(
        screen.getByRole('progressbar', { name: '解锁进度' }).getAttribute('aria-valuenow'),
      ).toBe('10');
    });
    expect(
      screen.getByRole('link', { name: /上传照片，看看你的颜值分/ }).getAttribute('href'),
    ).toBe('/upload');
  });

  it('tells a signed-in voter where the unlocked score is', async () => {
    useClock();
    useUserStore.getState().setUser(USER_INFO);
    await openArena({
      get_user_vote_stats: ok(
        voteStats({ onboarding: { votes: 9, required: 10, unlocked: false } }),
      ),
      submit_photo_rating: voteServer({ votesBefore: 9 }),
    });
    await screen.findByText('再投 1 票解锁你的颜值分');
    fireEvent.click(choice(1));
    await waitFor(() => {
      expect(allToasts()).toMatchObject([
        { title: '你的颜值分已解锁', message: '去「我的」看你的颜值分' },
      ]);
    });
    expect(screen.getByRole('link', { name: /去「我的」看你的颜值分/ }).getAttribute('href')).toBe(
      '/profile',
    );
  });

  it('moves on with the server message when the pair has expired', async () => {
    useClock();
    const api = await openArena({
      submit_photo_rating: fail(40901, '这组照片已过期，请看下一组'),
    });
    fireEvent.click(choice(1));
    expect(await screen.findByText('这组照片已过期，请看下一组')).toBeTruthy();
    await waitFor(() => {
      expect(pairId()).toBe('pair-2');
    });
    expect(api.callsTo('submit_photo_rating')).toHaveLength(1);
  });

  it('keeps a vote the server could not take, moves on, and sends it again with its pair id', async () => {
    useClock();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const server = voteServer();
    const api = await openArena({
      submit_photo_rating: (call) => {
        attempts += 1;
        return attempts === 1 ? new Response('oops', { status: 502 }) : server(call);
      },
    });
    fireEvent.click(choice(1));
    // Queued, not lost: the arena says so and carries on with the next pair.
    expect(await screen.findByText('已离线保存这一票，联网后自动发送')).toBeTruthy();
    await waitFor(() => {
      expect(pairId()).toBe('pair-2');
    });
    expect(screen.getByTestId('offline-banner').textContent).toContain('正在发送 1 张离线投票');
    // The retry after the backoff carries the same pair id: the server counts the pair once.
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    await waitFor(() => {
      expect(api.callsTo('submit_photo_rating')).toHaveLength(2);
    });
    const [first, second] = api.callsTo('submit_photo_rating');
    expect(second?.body).toEqual(first?.body);
    expect(first?.body).toMatchObject({ pair_id: 'pair-1', winner_photo_id: 1 });
    expect(await screen.findByText('1 张离线投票已发送')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByTestId('offline-banner')).toBeNull();
    });
  });

  it('skips to the next pair without voting', async () => {
    const api = await openArena();
    fireEvent.click(screen.getByRole('button', { name: '跳过' }));
    expect(pairId()).toBe('pair-2');
    expect(api.callsTo('submit_photo_rating')).toHaveLength(0);
  });

  it('skips with the S key, which the skip button announces', async () => {
    const api = await openArena();
    expect(screen.getByRole('button', { name: '跳过' }).getAttribute('aria-keyshortcuts')).toBe(
      'S',
    );
    fireEvent.keyDown(window, { key: 's' });
    expect(pairId()).toBe('pair-2');
    fireEvent.keyDown(window, { key: 'S' });
    expect(pairId()).toBe('pair-3');
    expect(api.callsTo('submit_photo_rating')).toHaveLength(0);
    expect(screen.getByText('按 1 / 2 或 ← / → 投票，按 S 跳过')).toBeTruthy();
  });
});
