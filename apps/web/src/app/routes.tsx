import type { MessageKey } from '../lib/i18n';
import type { RouteDefinition, RouterConfig } from '../lib/router';
import { ArenaPage } from '../features/arena';
import { AppLayout } from './AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';
import { RouteFallback } from './RouteFallback';

export type Transition = 'fade' | 'slide-left' | 'slide-up' | 'slide-right';
export type PageName =
  'arena' | 'profile' | 'leaderboard' | 'upload' | 'onboarding' | 'moderation' | 'photo';

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

/** One photo's page, where shared cards and links land (issue 17): not a spec route either. */
export const PHOTO_ROUTE: AppRoute = {
  path: '/p/:id',
  page: 'photo',
  requiresUser: false,
  titleKey: 'title.photo',
  transition: 'slide-left',
  bottomNav: true,
};

export interface RouteHandle {
  route: AppRoute;
}

/**
 * The arena is the initial route (`/`): it ships in the entry, so its first paint waits for one
 * script, not two in a row. Every other page loads on demand as its own chunk, fetched before
 * the navigation completes and prefetched when the first page is idle (ADR 0014).
 */
const PAGE_MODULES: Record<PageName, Pick<RouteDefinition, 'Component' | 'lazy'>> = {
  arena: { Component: ArenaPage },
  profile: { lazy: async () => ({ Component: (await import('../features/profile')).ProfilePage }) },
  leaderboard: {
    lazy: async () => ({ Component: (await import('../features/leaderboard')).LeaderboardPage }),
  },
  upload: { lazy: async () => ({ Component: (await import('../features/upload')).UploadPage }) },
  onboarding: {
    lazy: async () => ({ Component: (await import('../features/onboarding')).OnboardingPage }),
  },
  moderation: {
    lazy: async () => ({ Component: (await import('../features/moderation')).ModerationPage }),
  },
  photo: { lazy: async () => ({ Component: (await import('../features/photo')).PhotoPage }) },
};

export function createRouteObjects(): RouterConfig {
  const pages: RouteDefinition[] = ROUTES.map((route) => ({
    path: route.path,
    handle: { route } satisfies RouteHandle,
    ...PAGE_MODULES[route.page],
  }));
  return {
    shell: { Layout: AppLayout, Fallback: RouteFallback, ErrorPage: RouteErrorPage },
    routes: [
      ...pages,
      {
        path: MODERATION_ROUTE.path,
        handle: { route: MODERATION_ROUTE } satisfies RouteHandle,
        ...PAGE_MODULES.moderation,
      },
      {
        path: PHOTO_ROUTE.path,
        handle: { route: PHOTO_ROUTE } satisfies RouteHandle,
        ...PAGE_MODULES.photo,
      },
      {
        path: NOT_FOUND_ROUTE.path,
        handle: { route: NOT_FOUND_ROUTE } satisfies RouteHandle,
        Component: NotFoundPage,
      },
    ],
  };
}

/**
 * Pages the bottom navigation leads to, fetched once the first page is idle so a tap never
 * waits for code (the moderators' page and onboarding load on demand).
 */
export const PREFETCHED_PATHS = ['/leaderboard', '/upload', '/profile'] as const;
