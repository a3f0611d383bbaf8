import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';
import type { EntityTab } from '../../components/entity-layout/entity-tabs';
import { useApiName } from './use-route-api';

/**
 * /integrations/apis: API connections (admins); `tabs` are an API page's tabs (put together with the
 * attributes and statistics in app/integration-routes.tsx).
 */
export function createApiRoutes<TParent extends AnyRoute>(parent: TParent, tabs: readonly EntityTab[]) {
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
    staticData: { title: 'apis.detail.title', tabs, useName: useApiName },
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
  return { apisRoute, apisIndexRoute, apiRoute, apiOverviewRoute, apiLogsRoute, apiEditRoute };
}
