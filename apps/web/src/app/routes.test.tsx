import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage, t } from '../lib/i18n';
import { CATEGORIES, NOT_AVAILABLE, mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';
import { ROUTES } from './routes';

function mockServer() {
  return mockApi({
    get_categories: ok(CATEGORIES),
    get_random_photos_for_rating: NOT_AVAILABLE,
    get_leaderboard: NOT_AVAILABLE,
  });
}

/** Spec §2's table: path, page, requiresUser, the Chinese and English titles, transition. */
const SPEC_ROUTES = [
  [
    '/',
    'arena',
    false,
    '谁更好看 - 看看你的颜值能打几分',
    'Who is prettier - see what score your looks get',
    'fade',
  ],
  ['/arena', 'arena', true, '颜值竞技场', 'Yanzhi Arena', 'slide-left'],
  ['/profile', 'profile', true, '个人中心', 'Personal centre', 'slide-up'],
  ['/leaderboard', 'leaderboard', false, '排行榜', 'Leaderboard', 'slide-right'],
  ['/upload', 'upload', false, '上传照片', 'Upload photo', 'slide-up'],
  ['/onboarding', 'onboarding', false, '新手引导', 'Getting started', 'fade'],
] as const;

describe('route table (spec §2)', () => {
  it('has exactly the six routes with their flags, titles and transitions', () => {
    expect(
      ROUTES.map(({ path, page, requiresUser, titleKey, transition }) => ({
        path,
        page,
        requiresUser,
        title: { 'zh-CN': t(titleKey, undefined, 'zh-CN'), en: t(titleKey, undefined, 'en') },
        transition,
      })),
    ).toEqual(
      SPEC_ROUTES.map(([path, page, requiresUser, zh, en, transition]) => ({
        path,
        page,
        requiresUser,
        title: { 'zh-CN': zh, en },
        transition,
      })),
    );
  });

  it.each(ROUTES.map((route) => [route.path, route] as const))(
    'renders %s with its title',
    async (path, route) => {
      mockServer();
      renderApp(path);
      await waitFor(() => {
        expect(document.title).toBe(t(route.titleKey, undefined, 'zh-CN'));
      });
      // Opened on directly: no entrance (the transition plays on a navigation, below).
      expect(screen.getByTestId('route-transition').dataset.transition).toBe('none');
      expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    },
  );

  it('sets document.title on every navigation, in the current language', async () => {
    mockServer();
    const { user, router } = renderApp('/');
    await waitFor(() => {
      expect(document.title).toBe('谁更好看 - 看看你的颜值能打几分');
    });

    const nav = screen.getByRole('navigation', { name: '主导航' });
    await user.click(within(nav).getByRole('link', { name: /排行榜/ }));
    await waitFor(() => {
      expect(document.title).toBe('排行榜');
    });
    expect(router.state.location.pathname).toBe('/leaderboard');
    expect(screen.getByTestId('route-transition').dataset.transition).toBe('slide-right');

    await user.click(within(nav).getByRole('link', { name: /上传/ }));
    await waitFor(() => {
      expect(document.title).toBe('上传照片');
    });

    setLanguage('en');
    await waitFor(() => {
      expect(document.title).toBe('Upload photo');
    });
    expect(document.documentElement.lang).toBe('en');
    await user.click(within(screen.getByRole('navigation')).getByRole('link', { name: /Me/ }));
    await waitFor(() => {
      expect(document.title).toBe('Personal centre');
    });
  });

  it('marks the current page in the bottom navigation, arena for both / and /arena', async () => {
    mockServer();
    renderApp('/arena');
    await waitFor(() => {
      expect(document.title).toBe('颜值竞技场');
    });
    const nav = screen.getByRole('navigation', { name: '主导航' });
    expect(
      within(nav)
        .getByRole('link', { name: /竞技场/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(
      within(nav)
        .getByRole('link', { name: /排行榜/ })
        .getAttribute('aria-current'),
    ).toBe(null);
  });

  it('does not redirect from routes flagged requiresUser when nobody is signed in', async () => {
    mockServer();
    const { router } = renderApp('/profile');
    expect(await screen.findByText('还没有你的照片')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('shows a friendly not-found page with a link home for unknown paths', async () => {
    mockServer();
    const { user, router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy();
    expect(document.title).toBe('页面不存在 - 颜值竞技场');
    await user.click(screen.getByRole('link', { name: '返回首页' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    await waitFor(() => {
      expect(document.title).toBe('谁更好看 - 看看你的颜值能打几分');
    });
  });

  it('has a toast area on every page', async () => {
    mockServer();
    renderApp('/onboarding');
    await screen.findByRole('heading', { name: '新手引导' });
    expect(screen.getByTestId('toast-area')).toBeTruthy();
    // Onboarding is a focused flow without the bottom navigation.
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
  });
});
