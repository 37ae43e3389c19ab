export {
  createBrowserRouter,
  createMemoryRouter,
  createRouter,
  matchRoute,
  type NavigateOptions,
  type RouteDefinition,
  type RouterConfig,
  type RouterShell,
  type Router,
  type RouterState,
} from './router';
export {
  Link,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useRouteHandle,
  useSearchParams,
  type LinkProps,
} from './react';
export type { HistoryAction, Location, To } from './history';
