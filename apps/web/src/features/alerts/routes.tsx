import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';

/** The alerts tab of a facility's page. */
export function createLocationAlertsRoute<TLocationRoute extends AnyRoute>(locationRoute: TLocationRoute) {
  return createRoute({
    getParentRoute: () => locationRoute,
    path: 'alerts',
    staticData: { title: 'alerts.title' },
    component: lazyRouteComponent(() => import('./routes/location-alerts-page'), 'LocationAlertsPage'),
  });
}
