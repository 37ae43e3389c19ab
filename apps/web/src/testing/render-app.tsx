import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../lib/router';
import { AppProviders } from '../app/providers';
import { createRouteObjects } from '../app/routes';

/** The whole app (layout, toasts, routes) at a path, with a fresh query cache. */
export function renderApp(path = '/') {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  const router = createMemoryRouter(createRouteObjects(), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}
