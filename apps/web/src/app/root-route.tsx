import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, Navigate, redirect } from '@tanstack/react-router';
import { RouteError } from '../components/route-error';
import { RoutePending } from '../components/route-pending';
import type { AuthStore } from '../lib/auth-store';
import { RootLayout } from './layout/root-layout';
import { decideAccessForChain } from './route-access';

/**
 * What the app's router (`router.tsx`) and the sign-in router of a first visit (`public-router.tsx`)
 * share: the root route with its guard, `/login`, and the router's defaults.
 */
export interface RouterContext {
  auth: AuthStore;
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // The one guard: it sees every route on the way to the page and waits for the stored session first.
  beforeLoad: async ({ context, matches, location }) => {
    const { status, role } = await context.auth.whenReady();
    const decision = decideAccessForChain(
      status,
      role,
      matches.map((match) => match.staticData.access),
    );
    if (decision === '/sign-in') {
      const back = location.href === '/' ? undefined : location.href;
      throw redirect({ to: '/sign-in', search: { redirect: back }, replace: true });
    }
    if (decision === '/') throw redirect({ to: '/', replace: true });
  },
  notFoundComponent: () => <Navigate to="/sign-in" replace />,
});

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  beforeLoad: () => {
    throw redirect({ to: '/sign-in', replace: true });
  },
});

export const routerDefaults = {
  defaultPreload: 'intent',
  // Data is cached by TanStack Query; the router must not cache loader results on top of it.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: RoutePending,
  defaultErrorComponent: RouteError,
  defaultPendingMs: 300,
  scrollRestoration: true,
} as const;
