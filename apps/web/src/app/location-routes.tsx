import {
  IconAlertTriangle,
  IconBuildingStore,
  IconCamera,
  IconCarGarage,
  IconChartHistogram,
  IconGauge,
  IconHistory,
  IconLink,
  IconPencil,
} from '@tabler/icons-react';
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { EntityTab } from '../components/entity-layout/entity-tabs';
import { createBayMetricsRoute } from '../features/bay-metrics/routes';
import { createAllBaysRoute, createLocationBaysRoutes } from '../features/bays/routes';
import { createLocationCamerasRoute } from '../features/cameras/routes';
import { createBayLinksRoute } from '../features/links/routes';
import { createLocationRoutes } from '../features/locations/routes';
import { createBayStatisticsRoute, createLocationStatisticsRoute } from '../features/statistics/routes';

/** A facility's tabs; `manage` is `canManageLocations` of the viewer's role. */
const locationTabs: readonly EntityTab[] = [
  { path: '/', label: 'locations.tabs.overview', icon: IconBuildingStore },
  { path: 'bays', label: 'locations.tabs.bays', icon: IconCarGarage },
  { path: 'cameras', label: 'locations.tabs.cameras', icon: IconCamera },
  { path: 'alerts', label: 'locations.tabs.alerts', icon: IconAlertTriangle },
  { path: 'statistics', label: 'statistics.tab', icon: IconChartHistogram },
  { path: 'logs', label: 'locations.tabs.logs', icon: IconHistory },
  { path: 'edit', label: 'locations.tabs.edit', icon: IconPencil, requires: 'manage' },
];

/** A bay's tabs; `manage` is `canManageLocations` of the viewer's role. */
const bayTabs: readonly EntityTab[] = [
  { path: '/', label: 'bays.tabs.overview', icon: IconCarGarage },
  { path: 'links', label: 'bays.tabs.links', icon: IconLink },
  { path: 'metrics', label: 'bays.tabs.metrics', icon: IconGauge },
  { path: 'statistics', label: 'statistics.tab', icon: IconChartHistogram },
  { path: 'edit', label: 'bays.tabs.edit', icon: IconPencil, requires: 'manage' },
];

/** /locations/{locationId}/bays and each bay's page, with the links, attributes and statistics tabs. */
function createLocationBayRoutes<TLocationRoute extends AnyRoute>(locationRoute: TLocationRoute) {
  const bays = createLocationBaysRoutes(locationRoute, bayTabs);
  const bayOverviewRoute = createRoute({
    getParentRoute: () => bays.bayRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./pages/bay-overview-page'), 'BayOverviewPage'),
  });
  return bays.locationBaysRoute.addChildren([
    bays.locationBaysIndexRoute,
    bays.bayRoute.addChildren([
      bayOverviewRoute,
      createBayLinksRoute(bays.bayRoute),
      createBayMetricsRoute(bays.bayRoute),
      createBayStatisticsRoute(bays.bayRoute),
      bays.bayEditRoute,
    ]),
  ]);
}

/**
 * /locations: the facilities (features/locations) with the tabs other features give a facility's page, and
 * the pages that show several features at once (app/pages). The static `bays` (all bays) outranks
 * `$locationId`: TanStack Router ranks static segments before params.
 */
export function createLocationAreaRoutes<TParent extends AnyRoute>(parent: TParent) {
  const locations = createLocationRoutes(parent, locationTabs);
  const { locationRoute } = locations;
  const locationOverviewRoute = createRoute({
    getParentRoute: () => locationRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./pages/location-overview-page'), 'LocationOverviewPage'),
  });
  const locationAlertsRoute = createRoute({
    getParentRoute: () => locationRoute,
    path: 'alerts',
    staticData: { title: 'alerts.title' },
    component: lazyRouteComponent(() => import('./pages/location-alerts-page'), 'LocationAlertsPage'),
  });
  return locations.locationsRoute.addChildren([
    locations.locationsIndexRoute,
    createAllBaysRoute(locations.locationsRoute),
    locationRoute.addChildren([
      locationOverviewRoute,
      createLocationBayRoutes(locationRoute),
      createLocationCamerasRoute(locationRoute),
      locationAlertsRoute,
      createLocationStatisticsRoute(locationRoute),
      locations.locationLogsRoute,
      locations.locationEditRoute,
    ]),
  ]);
}
