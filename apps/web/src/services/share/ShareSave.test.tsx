import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { boardEntry, boardServer, shareCard } from '../../testing/leaderboard-fixtures';
import { CATEGORIES, USER_INFO, mockApi, ok } from '../../testing/mock-api';
import {
  myPhoto,
  photosPage,
  signIn as signInProfile,
  stats,
} from '../../testing/profile-fixtures';
import { renderApp } from '../../testing/render-app';
import { useUserStore } from '../user';
import { savesByPressing } from './share-actions';

const UA = {
  wechat:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0 Mobile Safari/537.36 MMWEBID/1 MicroMessenger/8.0.42.2460(0x28002A3B) WeChat/arm64',
  qq: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/9.0.0.600 V1_IPH_SQ_9.0.0_1_APP_A',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36',
  iosApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  iosSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  ipadOs:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
};

describe('savesByPressing', () => {
  it('is true where downloads are ignored or unreliable, false where a download works', () => {
    expect(savesByPressing(UA.wechat)).toBe(true);
    expect(savesByPressing(UA.qq)).toBe(true);
    expect(savesByPressing(UA.androidWebView)).toBe(true);
    expect(savesByPressing(UA.iosApp)).toBe(true);
    expect(savesByPressing(UA.iosSafari)).toBe(true);
    expect(savesByPressing(UA.ipadOs, 5)).toBe(true);
    expect(savesByPressing(UA.ipadOs, 0)).toBe(false);
    expect(savesByPressing(UA.androidChrome, 5)).toBe(false);
    expect(savesByPressing(UA.desktop)).toBe(false);
  });
});

function withUserAgent(userAgent: string) {
  Object.defineProperty(window.navigator, 'userAgent', {
    configurable: true,
    get: () => userAgent,
  });
}

async function openModal() {
  useUserStore
    .getState()
    .setSession({ token: 'tok', refresh_token: 'r', userInfo: { ...USER_INFO } });
  mockApi({
    get_categories: ok(CATEGORIES),
    get_leaderboard: boardServer({
      totalItems: 8,
      myEntry: boardEntry(3, { id: 55, is_mine: true }),
      myPage: 1,
    }),
    gen_share_image: ok(shareCard()),
  });
  const view = renderApp('/leaderboard?category=1&period=day');
  const bar = await screen.findByTestId('my-rank-bar', undefined, { timeout: 5000 });
  await view.user.click(within(bar).getByRole('button', { name: /分享|Share/ }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByTestId('share-card');
  return dialog;
}

afterEach(() => {
  Reflect.deleteProperty(window.navigator, 'userAgent');
  setLanguage('zh-CN');
});

describe('saving the card', () => {
  it('in WeChat shows the card full-size with "长按图片保存" and no download link', async () => {
    withUserAgent(UA.wechat);
    const dialog = await openModal();
    expect(within(dialog).getByTestId('share-press-hint').textContent).toBe('长按图片保存');
    expect(within(dialog).queryByTestId('share-save')).toBeNull();
    expect(
      within(dialog).getByTestId('share-card').closest('.share-modal__card--full'),
    ).not.toBeNull();
    expect(within(dialog).getByRole('button', { name: '复制链接' })).toBeTruthy();
  });

  it('says it in English', async () => {
    withUserAgent(UA.iosApp);
    setLanguage('en');
    const dialog = await openModal();
    expect(within(dialog).getByTestId('share-press-hint').textContent).toBe(
      'Press and hold the image to save',
    );
  });

  it('keeps a working download in a browser that downloads', async () => {
    withUserAgent(UA.androidChrome);
    const dialog = await openModal();
    expect(within(dialog).queryByTestId('share-press-hint')).toBeNull();
    const save = within(dialog).getByTestId('share-save');
    expect(save.getAttribute('href')).toBe('/media/cards/3f2a9c.png');
    expect(save.hasAttribute('download')).toBe(true);
  });
});

describe('a card for any of my photos', () => {
  it('opens from a photo of the profile grid with that photo’s card', async () => {
    signInProfile();
    const api = mockApi({
      get_my_photos: photosPage(myPhoto(3, 812), myPhoto(4, 640)),
      get_user_vote_stats: ok(stats()),
      gen_share_image: ok(shareCard({ photo_id: 4, share_url: '/p/4' })),
    });
    const { user } = renderApp('/profile');
    const share = await screen.findByRole(
      'button',
      { name: '分享第 2 张照片的卡片' },
      { timeout: 5000 },
    );
    await user.click(share);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('share-card');
    expect(api.callsTo('gen_share_image')[0]?.body).toMatchObject({
      photo_id: 4,
      period_type: 'all',
    });
    expect(within(dialog).getByRole('textbox').getAttribute('value')).toBe(
      `${window.location.origin}/p/4`,
    );
  });
});
