import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';

/** Every API's attributes in one list, beside the API list: /integrations/apis/metrics. */
export function createAllApiMetricsRoute<TApisRoute extends AnyRoute>(apisRoute: TApisRoute) {
  return createRoute({
    getParentRoute: () => apisRoute,
    path: 'metrics',
    staticData: { title: 'apiMetrics.allTitle' },
    component: lazyRouteComponent(() => import('./routes/all-api-metrics-page'), 'AllApiMetricsPage'),
  });
}

/** The attributes tab of an API's page. */
export function createApiMetricsRoute<TApiRoute extends AnyRoute>(apiRoute: TApiRoute) {
  return createRoute({
    getParentRoute: () => apiRoute,
    path: 'metrics',
    staticData: { title: 'apiMetrics.title' },
    component: lazyRouteComponent(() => import('./routes/api-metrics-page'), 'ApiMetricsPage'),
  });
}
