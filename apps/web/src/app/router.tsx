import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createBrowserRouter, RouterProvider, type Router } from '../lib/router';
import { AppProviders } from './providers';
import { createRouteObjects } from './routes';

export type AppRouter = Router;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(createRouteObjects());
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <AppProviders client={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
