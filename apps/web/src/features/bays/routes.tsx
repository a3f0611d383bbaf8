import { IconCarGarage, IconChartHistogram, IconGauge, IconLink, IconPencil } from '@tabler/icons-react';
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { EntityTab } from '../../components/entity-layout/entity-tabs';
import { createBayMetricsRoute } from '../bay-metrics';
import { createBayLinksRoute } from '../links';
import { createBayStatisticsRoute } from '../statistics';
import { useBayName } from './use-route-bay';

/** A bay's tabs; `manage` is `canManageFacilities` of the viewer's role. */
const bayTabs: readonly EntityTab[] = [
  { path: '/', label: 'bays.tabs.overview', icon: IconCarGarage },
  { path: 'links', label: 'bays.tabs.links', icon: IconLink },
  { path: 'metrics', label: 'bays.tabs.metrics', icon: IconGauge },
  { path: 'statistics', label: 'statistics.tab', icon: IconChartHistogram },
  { path: 'edit', label: 'bays.tabs.edit', icon: IconPencil, requires: 'manage' },
];

/** /locations/bays: every bay of every facility. */
export function createAllBaysRoute<TLocationsRoute extends AnyRoute>(locationsRoute: TLocationsRoute) {
  return createRoute({
    getParentRoute: () => locationsRoute,
    path: 'bays',
    staticData: { title: 'nav.bays' },
    component: lazyRouteComponent(() => import('./routes/all-bays-page'), 'AllBaysPage'),
  });
}

/** /locations/{locationId}/bays: a facility's bays, and each bay's own page with its tabs. */
export function createLocationBaysRoutes<TLocationRoute extends AnyRoute>(locationRoute: TLocationRoute) {
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
    staticData: { title: 'bays.detail.title', tabs: bayTabs, useName: useBayName },
    component: lazyRouteComponent(() => import('./routes/bay-layout'), 'BayLayout'),
  });
  const bayOverviewRoute = createRoute({
    getParentRoute: () => bayRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./routes/bay-overview-page'), 'BayOverviewPage'),
  });
  const bayEditRoute = createRoute({
    getParentRoute: () => bayRoute,
    path: 'edit',
    staticData: { title: 'bays.edit.title' },
    component: lazyRouteComponent(() => import('./routes/bay-edit-page'), 'BayEditPage'),
  });
  return locationBaysRoute.addChildren([
    locationBaysIndexRoute,
    bayRoute.addChildren([
      bayOverviewRoute,
      createBayLinksRoute(bayRoute),
      createBayMetricsRoute(bayRoute),
      createBayStatisticsRoute(bayRoute),
      bayEditRoute,
    ]),
  ]);
}
