import {
  IconChartHistogram,
  IconListDetails,
  IconPencil,
  IconPlugConnected,
  IconReportAnalytics,
} from '@tabler/icons-react';
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';
import type { EntityTab } from '../../components/entity-layout/entity-tabs';
import { createAllApiMetricsRoute, createApiMetricsRoute } from '../api-metrics';
import { createApiStatisticsRoute } from '../statistics';
import { useApiName } from './use-route-api';

const apiTabs: readonly EntityTab[] = [
  { path: '/', label: 'apis.tabs.overview', icon: IconPlugConnected },
  { path: 'metrics', label: 'apis.tabs.metrics', icon: IconListDetails },
  { path: 'logs', label: 'apis.tabs.logs', icon: IconReportAnalytics },
  { path: 'statistics', label: 'statistics.tab', icon: IconChartHistogram },
  { path: 'edit', label: 'apis.tabs.edit', icon: IconPencil },
];

/** /integrations/apis: API connections and their attributes (admins). Static `metrics` outranks `$apiId`. */
export function createApiRoutes<TParent extends AnyRoute>(parent: TParent) {
  const apisRoute = createRoute({
    getParentRoute: () => parent,
    path: 'integrations/apis',
    staticData: { title: 'apis.title', access: { roles: ADMIN_ROLES } },
  });
  const apisIndexRoute = createRoute({
    getParentRoute: () => apisRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./routes/apis-page'), 'ApisPage'),
  });
  const apiRoute = createRoute({
    getParentRoute: () => apisRoute,
    path: '$apiId',
    staticData: { title: 'apis.detail.title', tabs: apiTabs, useName: useApiName },
    component: lazyRouteComponent(() => import('./routes/api-layout'), 'ApiLayout'),
  });
  const apiOverviewRoute = createRoute({
    getParentRoute: () => apiRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./routes/api-overview-page'), 'ApiOverviewPage'),
  });
  const apiLogsRoute = createRoute({
    getParentRoute: () => apiRoute,
    path: 'logs',
    staticData: { title: 'apis.logs.title' },
    component: lazyRouteComponent(() => import('./routes/api-logs-page'), 'ApiLogsPage'),
  });
  const apiEditRoute = createRoute({
    getParentRoute: () => apiRoute,
    path: 'edit',
    staticData: { title: 'apis.edit.title' },
    component: lazyRouteComponent(() => import('./routes/api-edit-page'), 'ApiEditPage'),
  });
  return apisRoute.addChildren([
    apisIndexRoute,
    createAllApiMetricsRoute(apisRoute),
    apiRoute.addChildren([
      apiOverviewRoute,
      createApiMetricsRoute(apiRoute),
      apiLogsRoute,
      createApiStatisticsRoute(apiRoute),
      apiEditRoute,
    ]),
  ]);
}
