import {
  IconAlertTriangle,
  IconBuildingStore,
  IconCamera,
  IconCarGarage,
  IconChartHistogram,
  IconHistory,
  IconPencil,
} from '@tabler/icons-react';
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';
import type { EntityTab } from '../../components/entity-layout/entity-tabs';
import { createLocationAlertsRoute } from '../alerts';
import { createAllBaysRoute, createLocationBaysRoutes } from '../bays';
import { createLocationCamerasRoute } from '../cameras';
import { createLocationStatisticsRoute } from '../statistics';
import { useLocationName } from './use-route-location';

/** A facility's tabs; `manage` is `canManageFacilities` of the viewer's role. */
const locationTabs: readonly EntityTab[] = [
  { path: '/', label: 'locations.tabs.overview', icon: IconBuildingStore },
  { path: 'bays', label: 'locations.tabs.bays', icon: IconCarGarage },
  { path: 'cameras', label: 'locations.tabs.cameras', icon: IconCamera },
  { path: 'alerts', label: 'locations.tabs.alerts', icon: IconAlertTriangle },
  { path: 'statistics', label: 'statistics.tab', icon: IconChartHistogram },
  { path: 'logs', label: 'locations.tabs.logs', icon: IconHistory },
  { path: 'edit', label: 'locations.tabs.edit', icon: IconPencil, requires: 'manage' },
];

/**
 * /locations and everything under it is for admins. The static `bays` (all bays) outranks `$locationId`:
 * TanStack Router ranks static segments before params.
 */
export function createLocationRoutes<TParent extends AnyRoute>(parent: TParent) {
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
    staticData: { title: 'locations.detail.title', tabs: locationTabs, useName: useLocationName },
    component: lazyRouteComponent(() => import('./routes/location-layout'), 'LocationLayout'),
  });
  const locationOverviewRoute = createRoute({
    getParentRoute: () => locationRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./routes/location-overview-page'), 'LocationOverviewPage'),
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
  return locationsRoute.addChildren([
    locationsIndexRoute,
    createAllBaysRoute(locationsRoute),
    locationRoute.addChildren([
      locationOverviewRoute,
      createLocationBaysRoutes(locationRoute),
      createLocationCamerasRoute(locationRoute),
      createLocationAlertsRoute(locationRoute),
      createLocationStatisticsRoute(locationRoute),
      locationLogsRoute,
      locationEditRoute,
    ]),
  ]);
}
