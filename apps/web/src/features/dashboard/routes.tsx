import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';

export function createDashboardRoute<TParent extends AnyRoute>(parent: TParent) {
  return createRoute({
    getParentRoute: () => parent,
    path: '/',
    staticData: { title: 'nav.dashboard' },
    component: lazyRouteComponent(() => import('./routes/dashboard-page'), 'DashboardPage'),
  });
}
