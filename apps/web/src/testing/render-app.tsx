import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../lib/router';
import { AppProviders } from '../app/providers';
import { createRouteObjects } from '../app/routes';
import { disposePairFeed } from '../features/arena';

const clients: QueryClient[] = [];

/** Stops what the apps rendered by a test keep running (the arena's pair queue). */
export function stopRenderedApps(): void {
  for (const client of clients.splice(0)) disposePairFeed(client);
}

/** The whole app (layout, toasts, routes) at a path, with a fresh query cache. */
export function renderApp(path = '/') {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  clients.push(queryClient);
  const router = createMemoryRouter(createRouteObjects(), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}
