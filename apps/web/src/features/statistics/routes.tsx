import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';
import { validateRangeSearch } from './range';

/*
 * The statistics pages (features/statistics). Each page and uPlot load with the page's own chunk, never
 * with the sign-in page or the dashboard; every page keeps its period in the address (`validateSearch`).
 */

/** The statistics tab of a bay's page. */
export function createBayStatisticsRoute<TBayRoute extends AnyRoute>(bayRoute: TBayRoute) {
  return createRoute({
    getParentRoute: () => bayRoute,
    path: 'statistics',
    staticData: { title: 'statistics.title' },
    validateSearch: validateRangeSearch,
    component: lazyRouteComponent(() => import('./routes/bay-statistics-page'), 'BayStatisticsPage'),
  });
}

/** The statistics tab of a facility's page. */
export function createLocationStatisticsRoute<TLocationRoute extends AnyRoute>(
  locationRoute: TLocationRoute,
) {
  return createRoute({
    getParentRoute: () => locationRoute,
    path: 'statistics',
    staticData: { title: 'statistics.title' },
    validateSearch: validateRangeSearch,
    component: lazyRouteComponent(
      () => import('./routes/location-statistics-page'),
      'LocationStatisticsPage',
    ),
  });
}

/** The statistics tab of an API connection's page. */
export function createApiStatisticsRoute<TApiRoute extends AnyRoute>(apiRoute: TApiRoute) {
  return createRoute({
    getParentRoute: () => apiRoute,
    path: 'statistics',
    staticData: { title: 'statistics.title' },
    validateSearch: validateRangeSearch,
    component: lazyRouteComponent(() => import('./routes/api-statistics-page'), 'ApiStatisticsPage'),
  });
}

/** /reports/availability: the availability report of chosen facilities (admins). */
export function createReportRoutes<TParent extends AnyRoute>(parent: TParent) {
  const reportsRoute = createRoute({
    getParentRoute: () => parent,
    path: 'reports',
    staticData: { title: 'statistics.report.reports', access: { roles: ADMIN_ROLES } },
  });
  const availabilityRoute = createRoute({
    getParentRoute: () => reportsRoute,
    path: 'availability',
    staticData: { title: 'statistics.report.title' },
    validateSearch: validateRangeSearch,
    component: lazyRouteComponent(
      () => import('./routes/availability-report-page'),
      'AvailabilityReportPage',
    ),
  });
  return reportsRoute.addChildren([availabilityRoute]);
}
