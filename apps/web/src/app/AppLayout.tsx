import type { SubmitRatingResponse } from '@yanzhi/contract';
import { useEffect, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { BottomNav } from '../components/BottomNav';
import { useNewsBadge } from '../services/news';
import { OfflineBanner, useVoteOutboxSync } from '../services/offline';
import { ToastArea } from '../services/toasts';
import { useUserStore } from '../services/user';
import { useT } from '../lib/i18n';
import { parseCapturedParams, storeCapturedParams } from '../lib/query-params';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useRouteHandle } from '../lib/router';
import { NOT_FOUND_ROUTE, type AppRoute, type RouteHandle } from './routes';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The route table entry of the matched route. */
function useCurrentRoute(): AppRoute {
  const handle = useRouteHandle();
  return isRouteHandle(handle) ? handle.route : NOT_FOUND_ROUTE;
}

/** The page title follows the route and the language (spec §2). */
function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * Query parameters are captured on every navigation, not only at start-up (spec §2): the host
 * may hand a fresh token later. The address loses them at once.
 */
function useQueryParamCapture(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const refreshUser = useUserStore((state) => state.refreshUser);
  useEffect(() => {
    const { captured, remainingSearch, found } = parseCapturedParams(location.search);
    if (!found) return;
    storeCapturedParams(captured);
    void navigate(
      { pathname: location.pathname, search: remainingSearch, hash: location.hash },
      { replace: true, state: location.state, preventScrollReset: true },
    );
    if (captured.token !== undefined) void refreshUser({ announce: true });
  }, [location, navigate, refreshUser]);
}

/** After an in-app navigation, focus moves to the new page so screen readers start there. */
function useFocusOnNavigate(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}

/** A vote's answer, sent now or from the offline queue, sets the signed-in user's fuel. */
function setUserFuel(result: SubmitRatingResponse): void {
  useUserStore.getState().setFuel(result.fuel);
}

/**
 * The page's entrance (spec §2), or none for the page the app opens on: there is nothing to
 * come from, and a fade would only hide the first content (and delay its largest paint).
 */
function useEntrance(pathname: string, transition: AppRoute['transition']): string {
  const [openedOn] = useState(pathname);
  const [moved, setMoved] = useState(false);
  if (!moved && pathname !== openedOn) setMoved(true);
  return moved || pathname !== openedOn ? transition : 'none';
}

export function AppLayout() {
  const t = useT();
  const location = useLocation();
  const route = useCurrentRoute();
  const entrance = useEntrance(location.pathname, route.transition);
  const main = useRef<HTMLElement>(null);
  useDocumentTitle(t(route.titleKey));
  useQueryParamCapture();
  useFocusOnNavigate(main);
  useVoteOutboxSync(setUserFuel);
  const newsCount = useNewsBadge(useUserStore((state) => state.user?.id ?? null));

  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    main.current?.focus();
  };

  return (
    <div className={`app-shell ${route.bottomNav ? 'app-shell--with-nav' : ''}`}>
      <a className="skip-link" href="#main" onClick={skipToMain}>
        {t('app.skipToContent')}
      </a>
      <ToastArea />
      <OfflineBanner />
      <main id="main" ref={main} className="app-main" tabIndex={-1}>
        {/* Keyed by path so each navigation replays the page's entrance (spec §2). */}
        <div
          key={location.pathname}
          className="route-transition"
          data-transition={entrance}
          data-testid="route-transition"
        >
          <Outlet />
        </div>
      </main>
      {route.bottomNav ? <BottomNav newsCount={newsCount} /> : null}
      <ScrollRestoration />
    </div>
  );
}
