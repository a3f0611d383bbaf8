import {
  IconChartHistogram,
  IconListDetails,
  IconPencil,
  IconPlugConnected,
  IconReportAnalytics,
} from '@tabler/icons-react';
import type { AnyRoute } from '@tanstack/react-router';
import type { EntityTab } from '../components/entity-layout/entity-tabs';
import { createAllApiMetricsRoute, createApiMetricsRoute } from '../features/api-metrics/routes';
import { createApiRoutes } from '../features/apis/routes';
import { createApiStatisticsRoute } from '../features/statistics/routes';

const apiTabs: readonly EntityTab[] = [
  { path: '/', label: 'apis.tabs.overview', icon: IconPlugConnected },
  { path: 'metrics', label: 'apis.tabs.metrics', icon: IconListDetails },
  { path: 'logs', label: 'apis.tabs.logs', icon: IconReportAnalytics },
  { path: 'statistics', label: 'statistics.tab', icon: IconChartHistogram },
  { path: 'edit', label: 'apis.tabs.edit', icon: IconPencil },
];

/**
 * /integrations/apis: the API connections (features/apis) with their attributes (features/api-metrics) and
 * statistics. The static `metrics` (all attributes) outranks `$apiId`.
 */
export function createIntegrationRoutes<TParent extends AnyRoute>(parent: TParent) {
  const apis = createApiRoutes(parent, apiTabs);
  return apis.apisRoute.addChildren([
    apis.apisIndexRoute,
    createAllApiMetricsRoute(apis.apisRoute),
    apis.apiRoute.addChildren([
      apis.apiOverviewRoute,
      createApiMetricsRoute(apis.apiRoute),
      apis.apiLogsRoute,
      createApiStatisticsRoute(apis.apiRoute),
      apis.apiEditRoute,
    ]),
  ]);
}
