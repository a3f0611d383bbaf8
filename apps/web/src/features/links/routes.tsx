import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';

/** The links tab of a bay's page. */
export function createBayLinksRoute<TBayRoute extends AnyRoute>(bayRoute: TBayRoute) {
  return createRoute({
    getParentRoute: () => bayRoute,
    path: 'links',
    staticData: { title: 'links.title' },
    component: lazyRouteComponent(() => import('./routes/bay-links-page'), 'BayLinksPage'),
  });
}
