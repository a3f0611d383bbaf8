import { IconApi, IconBook2, IconDatabase } from '@tabler/icons-react';
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';
import type { EntityTab } from '../../components/entity-layout/entity-tabs';

const docsTabs: readonly EntityTab[] = [
  { path: '/', label: 'docs.tabs.guide', icon: IconBook2 },
  { path: 'api', label: 'docs.tabs.api', icon: IconApi },
  { path: 'data', label: 'docs.tabs.data', icon: IconDatabase },
];

/** `?chapter=<slug>`: the guide's open chapter, so a link or reload keeps it. */
export interface GuideSearch {
  chapter?: string;
}

/** /docs: the user guide, the API reference and the uploaded data sources (admins). */
export function createDocsRoutes<TParent extends AnyRoute>(parent: TParent) {
  const docsRoute = createRoute({
    getParentRoute: () => parent,
    path: 'docs',
    staticData: { title: 'docs.title', access: { roles: ADMIN_ROLES }, tabs: docsTabs },
    component: lazyRouteComponent(() => import('./routes/docs-layout'), 'DocsLayout'),
  });
  const guideRoute = createRoute({
    getParentRoute: () => docsRoute,
    path: '/',
    validateSearch: (search: Record<string, unknown>): GuideSearch =>
      typeof search.chapter === 'string' && search.chapter !== '' ? { chapter: search.chapter } : {},
    component: lazyRouteComponent(() => import('./routes/guide-page'), 'GuidePage'),
  });
  const apiReferenceRoute = createRoute({
    getParentRoute: () => docsRoute,
    path: 'api',
    staticData: { title: 'docs.api.title' },
    component: lazyRouteComponent(() => import('./routes/api-reference-page'), 'ApiReferencePage'),
  });
  const dataRoute = createRoute({
    getParentRoute: () => docsRoute,
    path: 'data',
    staticData: { title: 'docs.data.title' },
    component: lazyRouteComponent(() => import('./routes/data-sources-page'), 'DataSourcesPage'),
  });
  return docsRoute.addChildren([guideRoute, apiReferenceRoute, dataRoute]);
}
