import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { boardEntry, boardServer, shareCard } from '../../testing/leaderboard-fixtures';
import {
  CATEGORIES,
  USER_INFO,
  fail,
  mockApi,
  ok,
  type Answer,
  type CallHandler,
} from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { useToastStore } from '../toasts';
import { useUserStore } from '../user';

const MINE = boardEntry(3, { id: 55, is_mine: true, current_score: 812 });

function signIn() {
  useUserStore
    .getState()
    .setSession({ token: 'tok', refresh_token: 'r', userInfo: { ...USER_INFO } });
}

/** Web Share API members this test adds to happy-dom's navigator (which has none). */
const ADDED = ['share', 'canShare'] as const;

function giveNavigator(members: Partial<Record<(typeof ADDED)[number], unknown>>) {
  for (const [name, value] of Object.entries(members)) {
    Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
  }
}

afterEach(() => {
  for (const name of ADDED) Reflect.deleteProperty(navigator, name);
});

/** The leaderboard of a signed-in user whose photo 55 is third, and the modal opened from it. */
async function openFromLeaderboard(
  card: CallHandler<'gen_share_image'>,
  past: { date: string; start: string; end: string } | null = null,
) {
  signIn();
  const api = mockApi({
    get_categories: ok(CATEGORIES),
    get_leaderboard: boardServer({
      totalItems: 8,
      myEntry: MINE,
      myPage: 1,
      ...(past ? { frozen: true, periodStart: past.start, periodEnd: past.end } : {}),
    }),
    gen_share_image: card,
  });
  const view = renderApp(`/leaderboard?category=1&period=week${past ? `&date=${past.date}` : ''}`);
  const bar = await screen.findByTestId('my-rank-bar');
  await view.user.click(within(bar).getByRole('button', { name: '分享我的排名' }));
  const dialog = await screen.findByRole('dialog', { name: '分享我的排名' });
  return { api, dialog, ...view };
}

describe('rank share modal', () => {
  it('asks for the card of my entry on the viewed board, shows a skeleton, then the card', async () => {
    let answer: (value: Answer<'gen_share_image'>) => void = () => undefined;
    const { api, dialog } = await openFromLeaderboard(
      () =>
        new Promise<Answer<'gen_share_image'>>((resolve) => {
          answer = resolve;
        }),
    );
    expect(within(dialog).getByTestId('share-loading')).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toContain('正在生成分享卡片…');
    await waitFor(() => {
      expect(api.callsTo('gen_share_image')).toHaveLength(1);
    });
    expect(api.callsTo('gen_share_image')[0]?.body).toEqual({
      photo_id: 55,
      period_type: 'week',
      period_date: null,
      lang: 'zh',
    });

    answer(ok(shareCard({ period_type: 'week' })));
    const img = await within(dialog).findByRole('img', { name: '我的排名卡片：第 3 名，颜值 8.1' });
    expect(img.getAttribute('src')).toBe('/media/cards/3f2a9c.png');
    expect(img.getAttribute('width')).toBe('750');
    expect(img.getAttribute('height')).toBe('1200');
    const save = within(dialog).getByRole('link', { name: '保存图片' });
    expect(save.getAttribute('href')).toBe('/media/cards/3f2a9c.png');
    expect(save.hasAttribute('download')).toBe(true);
    expect(within(dialog).getByLabelText<HTMLInputElement>('分享链接').value).toBe(
      `${window.location.origin}/p/55`,
    );
    // No Web Share API here: no share button.
    expect(within(dialog).queryByRole('button', { name: '分享' })).toBeNull();
  });

  it('asks for the card in English when the app is in English', async () => {
    setLanguage('en');
    signIn();
    const api = mockApi({
      get_categories: ok(CATEGORIES),
      get_leaderboard: boardServer({ totalItems: 8, myEntry: MINE, myPage: 1 }),
      gen_share_image: ok(shareCard({ rank: null })),
    });
    const { user } = renderApp('/leaderboard');
    await user.click(await screen.findByRole('button', { name: 'Share my rank' }));
    expect(await screen.findByRole('img', { name: 'My score card: score 8.1' })).toBeTruthy();
    expect(api.callsTo('gen_share_image')[0]?.body).toMatchObject({
      lang: 'en',
      period_type: 'day',
    });
  });

  it('copies the link, with a toast', async () => {
    // user-event puts its own clipboard on the navigator.
    const { dialog, user } = await openFromLeaderboard(ok(shareCard()));
    await user.click(await within(dialog).findByRole('button', { name: '复制链接' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/p/55`);
    await waitFor(() => {
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain('链接已复制');
    });
  });

  it('shares the link through the Web Share API when files cannot be shared', async () => {
    const share = vi.fn(() => Promise.resolve());
    giveNavigator({ share });
    const { dialog, user } = await openFromLeaderboard(ok(shareCard()));
    await user.click(await within(dialog).findByRole('button', { name: '分享' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({
        url: `${window.location.origin}/p/55`,
        title: '颜值竞技场',
      }),
    );
  });

  it('shares the PNG itself where the browser takes files', async () => {
    const share = vi.fn((_data: ShareData) => Promise.resolve());
    const canShare = vi.fn((data: ShareData) => (data.files?.length ?? 0) > 0);
    giveNavigator({ share, canShare });
    const { dialog, user, api } = await openFromLeaderboard(ok(shareCard()));
    const button = await within(dialog).findByRole('button', { name: '分享' });
    await waitFor(() => {
      expect(api.calls.some((call) => call.url === '/media/cards/3f2a9c.png')).toBe(true);
    });
    await waitFor(() => {
      expect(canShare).toHaveBeenCalled();
    });
    await user.click(button);
    const files = share.mock.calls[0]?.[0].files ?? [];
    expect(files.map((file) => [file.name, file.type])).toEqual([
      ['yanzhi-arena-rank.png', 'image/png'],
    ]);
  });

  it('invites to upload when there is no photo to share (40406)', async () => {
    const { dialog } = await openFromLeaderboard(
      fail(40406, '你还没有可以分享的照片，先上传一张吧'),
    );
    expect(await within(dialog).findByText('你还没有可以分享的照片，先上传一张吧')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: '上传照片' }).getAttribute('href')).toBe(
      '/upload',
    );
  });

  it("shows other errors in the server's words, with a retry that works", async () => {
    let failing = true;
    const { dialog, user } = await openFromLeaderboard(() =>
      Promise.resolve(failing ? fail(50000, '卡片渲染失败') : ok(shareCard())),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('卡片渲染失败');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await within(dialog).findByTestId('share-card')).toBeTruthy();
  });

  it('closes with Escape or the close button and gives focus back', async () => {
    const { dialog, user } = await openFromLeaderboard(ok(shareCard()));
    const close = within(dialog).getByRole('button', { name: '关闭' });
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    const opener = screen.getByRole('button', { name: '分享我的排名' });
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    const again = await screen.findByRole('dialog', { name: '分享我的排名' });
    await user.click(within(again).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the card of the frozen board when a past period is shown', async () => {
    const { api } = await openFromLeaderboard(ok(shareCard({ period_type: 'week' })), {
      date: '2026-06-24',
      start: '2026-06-22',
      end: '2026-06-28',
    });
    await waitFor(() => {
      expect(api.callsTo('gen_share_image')).toHaveLength(1);
    });
    expect(api.callsTo('gen_share_image')[0]?.body).toMatchObject({
      photo_id: 55,
      period_type: 'week',
      period_date: '2026-06-22',
    });
  });
});
