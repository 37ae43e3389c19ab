import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getDeviceId } from '../../lib/identity';
import {
  achievement,
  makePair,
  pairServer,
  voteServer,
  voteStats,
} from '../../testing/arena-fixtures';
import { CATEGORIES, NOT_AVAILABLE, USER_INFO, fail, mockApi, ok } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { useToastStore } from '../../services/toasts';
import { useUserStore } from '../../services/user';
import { ARENA_PHOTO_SIZES } from './preload-pair';
import { REVEAL_MS } from './use-vote';

/** Fake clocks that still move on their own, so the fake server's promises settle. */
function useClock() {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });
}

function endReveal() {
  act(() => {
    vi.advanceTimersByTime(REVEAL_MS);
  });
}

const choice = (n: 1 | 2) => screen.getByRole('button', { name: `选择照片 ${n}` });
const pairId = () => screen.getByTestId('arena-pair').dataset.pairId;
const toastsOfKind = (kind: string) =>
  useToastStore.getState().toasts.filter((toast) => toast.kind === kind);

async function openArena(
  handlers: Parameters<typeof mockApi>[0] = {},
  path = '/',
): Promise<ReturnType<typeof mockApi> & { view: ReturnType<typeof renderApp> }> {
  const api = mockApi({
    get_categories: ok(CATEGORIES),
    get_random_photos_for_rating: pairServer(),
    submit_photo_rating: voteServer(),
    get_user_vote_stats: ok(voteStats()),
    ...handlers,
  });
  const view = renderApp(path);
  await screen.findByTestId('arena-pair');
  // The next pairs are asked for once the photos on screen are in (they go first): by the
  // third request the second pair is waiting.
  await waitFor(() => {
    expect(api.callsTo('get_random_photos_for_rating').length).toBeGreaterThanOrEqual(3);
  });
  return Object.assign(api, { view });
}

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
    expect(chips.map((chip) => chip.textContent)).toEqual(['5.6▲0.1定级中', '5.4▼0.1']);
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

  it('shows the fuel, score and achievement toasts, replacing the previous fuel and score', async () => {
    useClock();
    await openArena({
      submit_photo_rating: voteServer({
        fuelPerVote: 2,
        achievementsOnVote: { 1: [achievement('first_vote')] },
      }),
    });
    fireEvent.click(choice(1));
    await screen.findAllByTestId('score-chip');
    expect(toastsOfKind('fuel')).toMatchObject([{ message: '+2 燃料' }]);
    expect(toastsOfKind('score-up')).toMatchObject([{ message: '5.5 → 5.6 (+0.1)' }]);
    expect(toastsOfKind('achievement')).toMatchObject([
      { title: '初来乍到', message: '投出你的第一票', icon: 'first-vote' },
    ]);
    expect(await screen.findByText('初来乍到')).toBeTruthy();
    expect(screen.getByTestId('fuel-pill').textContent).toContain('52');

    endReveal();
    fireEvent.click(choice(2));
    await screen.findAllByTestId('score-chip');
    expect(toastsOfKind('fuel')).toHaveLength(1);
    expect(toastsOfKind('score-up')).toHaveLength(1);
    expect(screen.getByTestId('fuel-pill').textContent).toContain('54');
  });

  it('counts the onboarding down and announces the unlock', async () => {
    useClock();
    await openArena({
      get_user_vote_stats: ok(
        voteStats({ onboarding: { votes: 8, required: 10, unlocked: false } }),
      ),
      submit_photo_rating: voteServer({ votesBefore: 8 }),
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
    await waitFor(() => {
      expect(screen.queryByRole('progressbar')).toBeNull();
    });
    expect(await screen.findByText('你的颜值分已解锁')).toBeTruthy();
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

describe('arena page: report and inspect', () => {
  it('reports a photo with a reason and notes, and shows the server message on failure', async () => {
    const api = await openArena({ submit_photo_report: NOT_AVAILABLE });
    const { user } = api.view;
    const flag = screen.getByRole('button', { name: '举报照片 2' });
    await user.click(flag);
    const sheet = await screen.findByRole('dialog', { name: '举报照片 2' });
    const send = within(sheet).getByRole('button', { name: '提交举报' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(sheet).getByRole('radio', { name: '垃圾广告' }));
    await user.type(within(sheet).getByRole('textbox', { name: '补充说明（选填）' }), '二维码广告');
    await user.click(send);
    expect((await within(sheet).findByRole('alert')).textContent).toBe('该功能尚未开放');
    expect(api.callsTo('submit_photo_report')[0]?.body).toEqual({
      photo_id: 2,
      reason: 'spam_or_ads',
      notes: '二维码广告',
      user_id: '1',
    });
    expect(api.callsTo('submit_photo_rating')).toHaveLength(0);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(flag);
  });

  it('sends the signed-in user with a report and thanks on success', async () => {
    useUserStore.getState().setUser(USER_INFO);
    const api = await openArena({ submit_photo_report: ok({ report_id: 1, photo_id: 1 }) });
    const { user } = api.view;
    await user.click(screen.getByRole('button', { name: '举报照片 1' }));
    await user.click(screen.getByRole('radio', { name: '疑似未成年人' }));
    await user.click(screen.getByRole('button', { name: '提交举报' }));
    expect(await screen.findByText('举报已提交，感谢你的反馈')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('submit_photo_report')[0]?.body).toMatchObject({
      photo_id: 1,
      reason: 'minor',
      notes: '',
      user_id: 7,
    });
  });

  it('keeps focus inside the report sheet', async () => {
    const api = await openArena();
    const { user } = api.view;
    await user.click(screen.getByRole('button', { name: '举报照片 1' }));
    const sheet = await screen.findByRole('dialog');
    for (let i = 0; i < 12; i += 1) {
      await user.tab();
      expect(sheet.contains(document.activeElement)).toBe(true);
    }
    // Voting keys do nothing while the sheet is open.
    fireEvent.keyDown(document.body, { key: '1' });
    expect(api.callsTo('submit_photo_rating')).toHaveLength(0);
  });

  it('opens a photo full screen on a long press, without voting', async () => {
    useClock();
    const api = await openArena();
    const target = choice(2);
    fireEvent.pointerDown(target, { pointerId: 1, pointerType: 'touch', clientX: 10, clientY: 10 });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    fireEvent.pointerUp(target, { pointerId: 1, pointerType: 'touch' });
    fireEvent.click(target);
    const viewer = await screen.findByRole('dialog', { name: '照片 2 大图' });
    expect(viewer.querySelector('img')?.getAttribute('src')).toBe('/media/photos/2-display.webp');
    expect(api.callsTo('submit_photo_rating')).toHaveLength(0);

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // A short tap afterwards is a vote again.
    fireEvent.pointerDown(target, { pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerUp(target, { pointerId: 2, pointerType: 'touch' });
    fireEvent.click(target);
    await screen.findAllByTestId('score-chip');
    expect(api.callsTo('submit_photo_rating')).toHaveLength(1);
  });

  it('opens a photo full screen on a pinch and closes it with a tap', async () => {
    const api = await openArena();
    const target = choice(1);
    fireEvent.pointerDown(target, { pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerDown(target, { pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerUp(target, { pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerUp(target, { pointerId: 2, pointerType: 'touch' });
    fireEvent.click(target);
    const viewer = await screen.findByRole('dialog', { name: '照片 1 大图' });
    const close = within(viewer).getByRole('button', { name: '关闭' });
    // The fingers that opened it lift over the viewer: that click does not close it.
    fireEvent.click(close, { detail: 1 });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.pointerDown(close, { pointerId: 3, pointerType: 'touch' });
    fireEvent.click(close, { detail: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('submit_photo_rating')).toHaveLength(0);
  });
});
