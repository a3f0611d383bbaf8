import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { EntityTab } from '../../components/entity-layout/entity-tabs';
import { useBayName } from './use-route-bay';

/** /locations/bays: every bay of every facility. */
export function createAllBaysRoute<TLocationsRoute extends AnyRoute>(locationsRoute: TLocationsRoute) {
  return createRoute({
    getParentRoute: () => locationsRoute,
    path: 'bays',
    staticData: { title: 'nav.bays' },
    component: lazyRouteComponent(() => import('./routes/all-bays-page'), 'AllBaysPage'),
  });
}

/**
 * /locations/{locationId}/bays: a facility's bays, and each bay's own page; `tabs` are the bay page's tabs
 * (put together with the other features' tabs in app/location-routes.tsx).
 */
export function createLocationBaysRoutes<TLocationRoute extends AnyRoute>(
  locationRoute: TLocationRoute,
  tabs: readonly EntityTab[],
) {
  const locationBaysRoute = createRoute({
    getParentRoute: () => locationRoute,
    path: 'bays',
    staticData: { title: 'bays.locationTitle' },
  });
  const locationBaysIndexRoute = createRoute({
    getParentRoute: () => locationBaysRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./routes/location-bays-page'), 'LocationBaysPage'),
  });
  const bayRoute = createRoute({
    getParentRoute: () => locationBaysRoute,
    path: '$bayId',
    staticData: { title: 'bays.detail.title', tabs, useName: useBayName },
    component: lazyRouteComponent(() => import('./routes/bay-layout'), 'BayLayout'),
  });
  const bayEditRoute = createRoute({
    getParentRoute: () => bayRoute,
    path: 'edit',
    staticData: { title: 'bays.edit.title' },
    component: lazyRouteComponent(() => import('./routes/bay-edit-page'), 'BayEditPage'),
  });
  return { locationBaysRoute, locationBaysIndexRoute, bayRoute, bayEditRoute };
}
