import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';
import type { EntityTab } from '../../components/entity-layout/entity-tabs';
import { useLocationName } from './use-route-location';

/**
 * /locations and everything under it is for admins; `tabs` are the facility page's tabs. The app puts these
 * routes together with the other features' tabs and pages (app/location-routes.tsx).
 */
export function createLocationRoutes<TParent extends AnyRoute>(parent: TParent, tabs: readonly EntityTab[]) {
  const locationsRoute = createRoute({
    getParentRoute: () => parent,
    path: 'locations',
    staticData: { title: 'nav.locations', access: { roles: ADMIN_ROLES } },
  });
  const locationsIndexRoute = createRoute({
    getParentRoute: () => locationsRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./routes/locations-page'), 'LocationsPage'),
  });
  const locationRoute = createRoute({
    getParentRoute: () => locationsRoute,
    path: '$locationId',
    staticData: { title: 'locations.detail.title', tabs, useName: useLocationName },
    component: lazyRouteComponent(() => import('./routes/location-layout'), 'LocationLayout'),
  });
  const locationLogsRoute = createRoute({
    getParentRoute: () => locationRoute,
    path: 'logs',
    staticData: { title: 'locations.logs.title' },
    component: lazyRouteComponent(() => import('./routes/location-logs-page'), 'LocationLogsPage'),
  });
  const locationEditRoute = createRoute({
    getParentRoute: () => locationRoute,
    path: 'edit',
    staticData: { title: 'locations.edit.title' },
    component: lazyRouteComponent(() => import('./routes/location-edit-page'), 'LocationEditPage'),
  });
  return { locationsRoute, locationsIndexRoute, locationRoute, locationLogsRoute, locationEditRoute };
}
