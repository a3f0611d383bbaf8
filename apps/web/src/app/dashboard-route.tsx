import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { dashboardQueryOptions } from '../features/dashboard';
import { prefetchDashboardCards } from './pages/dashboard/card-queries';
import type { RouterContext } from './root-route';

/** `?bay=<id>`: the bay whose panel is open, so a reload or the back button keeps or closes it. */
export interface DashboardSearch {
  bay?: string;
}

export function createDashboardRoute<TParent extends AnyRoute>(parent: TParent) {
  return createRoute({
    getParentRoute: () => parent,
    path: '/',
    validateSearch: (search: Record<string, unknown>): DashboardSearch =>
      typeof search.bay === 'string' && search.bay !== '' ? { bay: search.bay } : {},
    staticData: { title: 'nav.dashboard' },
    // The dashboard's answer and its cards' are asked for as the route matches, beside the user data the layout
    // waits for and the page's code, not after them (decision 040); the page reads them from the cache. Not
    // awaited.
    loader: ({ context }) => {
      const { queryClient } = context as RouterContext;
      void queryClient.prefetchQuery(dashboardQueryOptions());
      prefetchDashboardCards(queryClient);
    },
    component: lazyRouteComponent(() => import('./pages/dashboard/dashboard-page'), 'DashboardPage'),
  });
}
