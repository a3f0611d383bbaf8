import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';

/** The cameras tab of a facility's page. */
export function createLocationCamerasRoute<TLocationRoute extends AnyRoute>(locationRoute: TLocationRoute) {
  return createRoute({
    getParentRoute: () => locationRoute,
    path: 'cameras',
    staticData: { title: 'cameras.title' },
    component: lazyRouteComponent(() => import('./routes/location-cameras-page'), 'LocationCamerasPage'),
  });
}
