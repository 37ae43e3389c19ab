import type { ComponentType } from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  type History,
  type HistoryAction,
  type Location,
  resolvePath,
  type To,
} from './history';

/**
 * A page of the route table: its path (exact, with `:name` segments, or `*` for anything else), data for the layout
 * (`handle`) and its component, given directly or loaded on demand (`lazy`).
 */
export interface RouteDefinition {
  path: string;
  handle?: unknown;
  Component?: ComponentType;
  lazy?: () => Promise<{ Component: ComponentType }>;
}

export interface RouterState {
  location: Location;
  historyAction: HistoryAction;
  /** The matched route, once its code is loaded; null before the first page is ready. */
  route: RouteDefinition | null;
  Component: ComponentType | null;
  /** A page's code failed to load. */
  error: unknown;
  /** Keep the scroll position on this navigation (a tab switch in the query string). */
  preventScrollReset: boolean;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
}

/** What the provider renders around the pages. */
export interface RouterShell {
  /** Renders <Outlet /> where the page goes. */
  Layout: ComponentType;
  /** Painted until the first page's code has arrived. */
  Fallback: ComponentType;
  /** Replaces the layout when a page's code cannot load or a render throws. */
  ErrorPage: ComponentType<{ error: unknown }>;
}

export interface RouterConfig {
  shell: RouterShell;
  routes: readonly RouteDefinition[];
}

export interface Router {
  readonly shell: RouterShell;
  readonly state: RouterState;
  navigate: (to: To, options?: NavigateOptions) => Promise<void>;
  subscribe: (listener: () => void) => () => void;
  /** Loads a route's code ahead of a navigation (idle prefetch). */
  preload: (pathname: string) => Promise<void>;
}

function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed.toLowerCase();
}

/**
 * Whether a path fits a route's path: segment by segment, a `:name` segment taking any one
 * non-empty segment (`/p/:id` fits `/p/42`; the page reads the segment from the location).
 */
function fits(routePath: string, wanted: string): boolean {
  const pattern = normalise(routePath).split('/');
  const segments = wanted.split('/');
  return (
    pattern.length === segments.length &&
    pattern.every((part, index) =>
      part.startsWith(':') ? (segments[index] ?? '') !== '' : part === segments[index],
    )
  );
}

export function matchRoute(
  routes: readonly RouteDefinition[],
  pathname: string,
): RouteDefinition | null {
  const wanted = normalise(pathname);
  return (
    routes.find((route) => route.path !== '*' && fits(route.path, wanted)) ??
    routes.find((route) => route.path === '*') ??
    null
  );
}

/**
 * The smallest router the app needs (ADR 0014): static paths, pages loaded on demand before a
 * navigation completes (the old page stays until the new one can render), the latest navigation
 * wins. It replaced react-router's data router, which alone weighed 30 KB gzip in the first load.
 */
export function createRouter({ shell, routes }: RouterConfig, history: History): Router {
  const loaded = new Map<RouteDefinition, Promise<ComponentType>>();
  const load = (route: RouteDefinition): Promise<ComponentType> => {
    if (route.Component) return Promise.resolve(route.Component);
    let pending = loaded.get(route);
    if (!pending) {
      const lazy = route.lazy;
      if (!lazy) return Promise.reject(new Error(`route ${route.path} has no component`));
      pending = lazy().then((module) => module.Component);
      // A failed load (offline) is retried on the next navigation.
      pending.catch(() => loaded.delete(route));
      loaded.set(route, pending);
    }
    return pending;
  };

  const listeners = new Set<() => void>();
  let state: RouterState = {
    location: history.location,
    historyAction: 'POP',
    route: null,
    Component: null,
    error: null,
    preventScrollReset: false,
  };
  const set = (next: RouterState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  let generation = 0;
  /**
   * Loads the page of `pathname`, then commits: `commit` writes the address (a push or replace
   * happens only once the page can render) and answers the new location.
   */
  const resolve = async (
    pathname: string,
    historyAction: HistoryAction,
    preventScrollReset: boolean,
    commit: () => Location,
  ) => {
    generation += 1;
    const mine = generation;
    const route = matchRoute(routes, pathname);
    let Component: ComponentType | null = null;
    let error: unknown = null;
    if (route) {
      try {
        Component = await load(route);
      } catch (failure) {
        error = failure;
      }
    } else {
      error = new Error(`no route for ${pathname}`);
    }
    if (mine !== generation) return;
    const location = commit();
    set({ location, historyAction, route, Component, error, preventScrollReset });
  };

  const current = () => history.location;
  history.listen((location) => {
    void resolve(location.pathname, 'POP', false, current);
  });
  void resolve(history.location.pathname, 'POP', false, current);

  return {
    shell,
    get state() {
      return state;
    },
    navigate: (to, options = {}) => {
      const replace = options.replace === true;
      const { pathname } = resolvePath(to, history.location);
      return resolve(
        pathname,
        replace ? 'REPLACE' : 'PUSH',
        options.preventScrollReset === true,
        () => {
          if (replace) history.replace(to, options.state);
          else history.push(to, options.state);
          return history.location;
        },
      );
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    preload: async (pathname) => {
      const route = matchRoute(routes, pathname);
      if (route) await load(route);
    },
  };
}

export function createBrowserRouter(config: RouterConfig): Router {
  return createRouter(config, createBrowserHistory());
}

export function createMemoryRouter(
  config: RouterConfig,
  options: { initialEntries?: readonly string[] } = {},
): Router {
  return createRouter(config, createMemoryHistory(options.initialEntries));
}
