import type { RouteObject } from 'react-router';
import type { MessageKey } from '../lib/i18n';
import { AppLayout } from './AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';
import { RouteFallback } from './RouteFallback';

export type Transition = 'fade' | 'slide-left' | 'slide-up' | 'slide-right';
export type PageName = 'arena' | 'profile' | 'leaderboard' | 'upload' | 'onboarding' | 'moderation';

export interface AppRoute {
  path: string;
  page: PageName | 'not-found';
  /** Flag of spec §2; nothing enforces it (no redirect), pages adapt to a missing user. */
  requiresUser: boolean;
  /** The page title (spec §2), from the catalogue. */
  titleKey: MessageKey;
  transition: Transition;
  /** Top-level pages show the bottom navigation. */
  bottomNav: boolean;
}

/** The route table of spec §2, as data. */
export const ROUTES = [
  {
    path: '/',
    page: 'arena',
    requiresUser: false,
    titleKey: 'title.home',
    transition: 'fade',
    bottomNav: true,
  },
  {
    path: '/arena',
    page: 'arena',
    requiresUser: true,
    titleKey: 'title.arena',
    transition: 'slide-left',
    bottomNav: true,
  },
  {
    path: '/profile',
    page: 'profile',
    requiresUser: true,
    titleKey: 'title.profile',
    transition: 'slide-up',
    bottomNav: true,
  },
  {
    path: '/leaderboard',
    page: 'leaderboard',
    requiresUser: false,
    titleKey: 'title.leaderboard',
    transition: 'slide-right',
    bottomNav: true,
  },
  {
    path: '/upload',
    page: 'upload',
    requiresUser: false,
    titleKey: 'title.upload',
    transition: 'slide-up',
    bottomNav: true,
  },
  {
    path: '/onboarding',
    page: 'onboarding',
    requiresUser: false,
    titleKey: 'title.onboarding',
    transition: 'fade',
    bottomNav: false,
  },
] as const satisfies readonly AppRoute[];

/** Any other path: a friendly page with a link home. */
export const NOT_FOUND_ROUTE: AppRoute = {
  path: '*',
  page: 'not-found',
  requiresUser: false,
  titleKey: 'title.notFound',
  transition: 'fade',
  bottomNav: false,
};

/** The moderators' review page (DESIGN §7): not one of the spec's routes, so not in ROUTES. */
export const MODERATION_ROUTE: AppRoute = {
  path: '/admin',
  page: 'moderation',
  requiresUser: true,
  titleKey: 'title.moderation',
  transition: 'fade',
  bottomNav: false,
};

export interface RouteHandle {
  route: AppRoute;
}

/** Pages load on demand: each is its own chunk, fetched before the navigation completes. */
const PAGE_MODULES: Record<PageName, NonNullable<RouteObject['lazy']>> = {
  arena: async () => ({ Component: (await import('../features/arena')).ArenaPage }),
  profile: async () => ({ Component: (await import('../features/profile')).ProfilePage }),
  leaderboard: async () => ({
    Component: (await import('../features/leaderboard')).LeaderboardPage,
  }),
  upload: async () => ({ Component: (await import('../features/upload')).UploadPage }),
  onboarding: async () => ({ Component: (await import('../features/onboarding')).OnboardingPage }),
  moderation: async () => ({
    Component: (await import('../features/moderation')).ModerationPage,
  }),
};

export function createRouteObjects(): RouteObject[] {
  const pages: RouteObject[] = ROUTES.map((route) => ({
    path: route.path,
    handle: { route } satisfies RouteHandle,
    lazy: PAGE_MODULES[route.page],
  }));
  return [
    {
      id: 'root',
      Component: AppLayout,
      HydrateFallback: RouteFallback,
      ErrorBoundary: RouteErrorPage,
      children: [
        ...pages,
        {
          path: MODERATION_ROUTE.path,
          handle: { route: MODERATION_ROUTE } satisfies RouteHandle,
          lazy: PAGE_MODULES.moderation,
        },
        {
          path: NOT_FOUND_ROUTE.path,
          handle: { route: NOT_FOUND_ROUTE } satisfies RouteHandle,
          Component: NotFoundPage,
        },
      ],
    },
  ];
}
