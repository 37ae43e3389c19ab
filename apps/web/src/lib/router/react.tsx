import {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createPath, resolvePath, type Location, type To } from './history';
import type { NavigateOptions, Router, RouterShell, RouterState } from './router';

interface RouterContextValue {
  router: Router;
  state: RouterState;
}

const RouterContext = createContext<RouterContextValue | null>(null);

function useRouterContext(): RouterContextValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('router hooks must be used inside <RouterProvider>');
  return value;
}

interface BoundaryProps {
  resetKey: string;
  ErrorPage: RouterShell['ErrorPage'];
  children: ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('render failed') };
  }

  /** A navigation clears the error, so a broken page does not block the others. */
  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    const { ErrorPage, children } = this.props;
    return this.state.error === null ? children : <ErrorPage error={this.state.error} />;
  }
}

export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(
    router.subscribe,
    () => router.state,
    () => router.state,
  );
  const value = useMemo(() => ({ router, state }), [router, state]);
  const { Layout, Fallback, ErrorPage } = router.shell;
  let content: ReactNode;
  if (state.error !== null) content = <ErrorPage error={state.error} />;
  else if (state.Component === null) content = <Fallback />;
  else {
    content = (
      <ErrorBoundary resetKey={state.location.key} ErrorPage={ErrorPage}>
        <Layout />
      </ErrorBoundary>
    );
  }
  return <RouterContext.Provider value={value}>{content}</RouterContext.Provider>;
}

/** The current page. */
export function Outlet() {
  const { state } = useRouterContext();
  const Page = state.Component;
  return Page ? <Page /> : null;
}

export function useLocation(): Location {
  return useRouterContext().state.location;
}

/** The `handle` of the matched route (the layout reads its title and transition there). */
export function useRouteHandle(): unknown {
  return useRouterContext().state.route?.handle;
}

export function useNavigate(): Router['navigate'] {
  return useRouterContext().router.navigate;
}

type SearchParamsUpdate = URLSearchParams | ((previous: URLSearchParams) => URLSearchParams);

/** The query string of the address, and a setter that navigates to a new one (hash dropped). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsUpdate, options?: NavigateOptions) => void,
] {
  const { router, state } = useRouterContext();
  const search = state.location.search;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchParamsUpdate, options?: NavigateOptions) => {
      const { pathname, search: latest } = router.state.location;
      const value = typeof next === 'function' ? next(new URLSearchParams(latest)) : next;
      const query = value.toString();
      void router.navigate({ pathname, search: query ? `?${query}` : '' }, options);
    },
    [router],
  );
  return [params, setParams];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!event.currentTarget.target || event.currentTarget.target === '_self')
  );
}

/** A real link (it opens in a new tab, reads as a link), navigating in the app on a plain click. */
export function Link({ to, replace, state, onClick, children, ...props }: LinkProps) {
  const { router, state: current } = useRouterContext();
  const href = createPath(resolvePath(to, current.location));
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event)) return;
        event.preventDefault();
        void router.navigate(to, { replace, state });
      }}
    >
      {children}
    </a>
  );
}

/**
 * Scroll like a multi-page site: a new page starts at the top (or at its #hash), back/forward
 * returns to where that entry was left, and a navigation may ask to keep the position.
 */
export function ScrollRestoration() {
  const { state } = useRouterContext();
  const positions = useRef(new Map<string, number>());
  const key = state.location.key;
  useEffect(() => {
    const remember = () => {
      positions.current.set(key, window.scrollY);
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      window.removeEventListener('scroll', remember);
    };
  }, [key]);
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const saved = positions.current.get(key);
    if (state.historyAction === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = state.location.hash
      ? document.getElementById(decodeURIComponent(state.location.hash.slice(1)))
      : null;
    if (target) target.scrollIntoView();
    else if (!state.preventScrollReset) window.scrollTo(0, 0);
  }, [key, state]);
  return null;
}
