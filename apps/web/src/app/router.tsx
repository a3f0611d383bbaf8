import { createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { Role } from '@vaskedrift/shared';
import type { EntityTab } from '../components/entity-layout/entity-tabs';
import { createAuthRoutes } from '../features/auth/routes';
import { createDocsRoutes } from '../features/docs/routes';
import { createGroupRoutes } from '../features/groups/routes';
import { createNotificationRoutes } from '../features/notifications/routes';
import { createSystemSettingsRoute } from '../features/settings/routes';
import { createReportRoutes } from '../features/statistics/routes';
import { createWebhookRoutes } from '../features/webhooks/routes';
import type { TranslationKey } from '../lib/i18n';
import type { UseEntityName } from '../lib/use-route-titles';
import { createDashboardRoute } from './dashboard-route';
import { createIntegrationRoutes } from './integration-routes';
import { createLocationAreaRoutes } from './location-routes';
import { createPeopleRoutes } from './people-routes';
import { loginRoute, type RouterContext, rootRoute, routerDefaults } from './root-route';
import type { RouteAccess } from './route-access';

export type { RouterContext } from './root-route';

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** Translation key of the page title (document title, page header, breadcrumb). */
    title?: TranslationKey;
    /**
     * The name of what the route is about (a hook over its params reading the page's own query): the
     * breadcrumb and the document title show it instead of the title (lib/use-route-titles.ts).
     */
    useName?: UseEntityName;
    /** Translation key of the breadcrumb when it differs from the title. */
    breadcrumb?: TranslationKey;
    /** Who may open the route; routes without it inherit from their parents. */
    access?: RouteAccess;
    /** The breadcrumb shows only to these roles (its own page is theirs only, e.g. 'Alle brukere'). */
    breadcrumbRoles?: readonly Role[];
    /** The tabs of a page about one thing, rendered by `EntityLayout` (components/entity-layout). */
    tabs?: readonly EntityTab[];
  }
}

/** Every signed-in page sits in the layout (sidebar, header). */
const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  staticData: { access: {} },
  component: lazyRouteComponent(() => import('./layout/app-layout'), 'AppLayout'),
});

/** Any unknown path goes to the sign-in page (which sends a signed-in user on to /). */
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/sign-in', replace: true });
  },
});

// Each feature spells its own routes (features/<noun>/routes.tsx); the *-routes.tsx files beside this one add
// the tabs and pages that combine features, and this function puts them all together. Put on the root route
// when the app's router is made, not when this module loads: the sign-in pages' router (public-router.tsx)
// puts its own children on the same root route, and this module may load before it (decision 040).
const appRouteTree = () =>
  rootRoute.addChildren([
    ...createAuthRoutes(rootRoute),
    loginRoute,
    appLayoutRoute.addChildren([
      createDashboardRoute(appLayoutRoute),
      createLocationAreaRoutes(appLayoutRoute),
      createPeopleRoutes(appLayoutRoute),
      createIntegrationRoutes(appLayoutRoute),
      createWebhookRoutes(appLayoutRoute),
      createGroupRoutes(appLayoutRoute),
      createNotificationRoutes(appLayoutRoute),
      createDocsRoutes(appLayoutRoute),
      createReportRoutes(appLayoutRoute),
      createSystemSettingsRoute(appLayoutRoute),
    ]),
    unknownRoute,
  ]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree: appRouteTree(),
    context,
    ...routerDefaults,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
