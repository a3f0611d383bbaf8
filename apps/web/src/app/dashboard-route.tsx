import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';

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
    component: lazyRouteComponent(() => import('./pages/dashboard/dashboard-page'), 'DashboardPage'),
  });
}
