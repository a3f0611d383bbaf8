import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';

/** The attributes tab of a bay's page. */
export function createBayMetricsRoute<TBayRoute extends AnyRoute>(bayRoute: TBayRoute) {
  return createRoute({
    getParentRoute: () => bayRoute,
    path: 'metrics',
    staticData: { title: 'bayMetrics.title' },
    component: lazyRouteComponent(() => import('./routes/bay-metrics-page'), 'BayMetricsPage'),
  });
}
