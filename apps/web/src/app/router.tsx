import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  redirect,
} from '@tanstack/react-router';
import { ADMIN_ROLES, type Role } from '@vaskedrift/shared';
import { RouteError } from '../components/route-error';
import { RoutePending } from '../components/route-pending';
import type { AuthStore } from '../lib/auth-store';
import type { TranslationKey } from '../lib/i18n';
import { RootLayout } from './layout/root-layout';
import { decideAccessForChain, type RouteAccess } from './route-access';

export interface RouterContext {
  auth: AuthStore;
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** Translation key of the page title (document title, page header, breadcrumb). */
    title?: TranslationKey;
    /** Translation key of the breadcrumb when it differs from the title. */
    breadcrumb?: TranslationKey;
    /** Who may open the route; routes without it inherit from their parents. */
    access?: RouteAccess;
    /** The breadcrumb shows only to these roles (its own page is theirs only, e.g. 'Alle brukere'). */
    breadcrumbRoles?: readonly Role[];
  }
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // The one guard: it sees every route on the way to the page and waits for the stored session first.
  beforeLoad: async ({ context, matches, location }) => {
    const { status, role } = await context.auth.whenReady();
    const decision = decideAccessForChain(
      status,
      role,
      matches.map((match) => match.staticData.access),
    );
    if (decision === '/sign-in') {
      const back = location.href === '/' ? undefined : location.href;
      throw redirect({ to: '/sign-in', search: { redirect: back }, replace: true });
    }
    if (decision === '/') throw redirect({ to: '/', replace: true });
  },
  notFoundComponent: () => <Navigate to="/sign-in" replace />,
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-in',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  staticData: { title: 'auth.signIn.title', access: { public: true } },
  component: lazyRouteComponent(() => import('../features/auth/routes/sign-in-page'), 'SignInPage'),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  beforeLoad: () => {
    throw redirect({ to: '/sign-in', replace: true });
  },
});

/** Every signed-in page sits in the layout (sidebar, header). */
const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  staticData: { access: {} },
  component: lazyRouteComponent(() => import('./layout/app-layout'), 'AppLayout'),
});

const dashboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/',
  staticData: { title: 'nav.dashboard' },
  component: lazyRouteComponent(() => import('../features/dashboard/routes/dashboard-page'), 'DashboardPage'),
});

/**
 * /locations and everything under it is for admins. The static `bays` (all bays) outranks `$locationId`:
 * TanStack Router ranks static segments before params.
 */
const locationsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'locations',
  staticData: { title: 'nav.locations', access: { roles: ADMIN_ROLES } },
});
const locationsIndexRoute = createRoute({
  getParentRoute: () => locationsRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../features/locations/routes/locations-page'), 'LocationsPage'),
});
const allBaysRoute = createRoute({
  getParentRoute: () => locationsRoute,
  path: 'bays',
  staticData: { title: 'nav.bays' },
  component: lazyRouteComponent(() => import('../features/bays/routes/all-bays-page'), 'AllBaysPage'),
});
const locationRoute = createRoute({
  getParentRoute: () => locationsRoute,
  path: '$locationId',
  staticData: { title: 'locations.detail.title' },
  component: lazyRouteComponent(
    () => import('../features/locations/routes/location-layout'),
    'LocationLayout',
  ),
});
const locationOverviewRoute = createRoute({
  getParentRoute: () => locationRoute,
  path: '/',
  component: lazyRouteComponent(
    () => import('../features/locations/routes/location-overview-page'),
    'LocationOverviewPage',
  ),
});
const locationBaysRoute = createRoute({
  getParentRoute: () => locationRoute,
  path: 'bays',
  staticData: { title: 'bays.locationTitle' },
});
const locationBaysIndexRoute = createRoute({
  getParentRoute: () => locationBaysRoute,
  path: '/',
  component: lazyRouteComponent(
    () => import('../features/bays/routes/location-bays-page'),
    'LocationBaysPage',
  ),
});
const bayRoute = createRoute({
  getParentRoute: () => locationBaysRoute,
  path: '$bayId',
  staticData: { title: 'bays.detail.title' },
  component: lazyRouteComponent(() => import('../features/bays/routes/bay-layout'), 'BayLayout'),
});
const bayOverviewRoute = createRoute({
  getParentRoute: () => bayRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../features/bays/routes/bay-overview-page'), 'BayOverviewPage'),
});
const bayLinksRoute = createRoute({
  getParentRoute: () => bayRoute,
  path: 'links',
  staticData: { title: 'links.title' },
  component: lazyRouteComponent(() => import('../features/links/routes/bay-links-page'), 'BayLinksPage'),
});
const bayEditRoute = createRoute({
  getParentRoute: () => bayRoute,
  path: 'edit',
  staticData: { title: 'bays.edit.title' },
  component: lazyRouteComponent(() => import('../features/bays/routes/bay-edit-page'), 'BayEditPage'),
});
const bayMetricsRoute = createRoute({
  getParentRoute: () => bayRoute,
  path: 'metrics',
  staticData: { title: 'bayMetrics.title' },
  component: lazyRouteComponent(
    () => import('../features/bay-metrics/routes/bay-metrics-page'),
    'BayMetricsPage',
  ),
});
const locationAlertsRoute = createRoute({
  getParentRoute: () => locationRoute,
  path: 'alerts',
  staticData: { title: 'alerts.title' },
  component: lazyRouteComponent(
    () => import('../features/alerts/routes/location-alerts-page'),
    'LocationAlertsPage',
  ),
});
const locationCamerasRoute = createRoute({
  getParentRoute: () => locationRoute,
  path: 'cameras',
  staticData: { title: 'cameras.title' },
  component: lazyRouteComponent(
    () => import('../features/cameras/routes/location-cameras-page'),
    'LocationCamerasPage',
  ),
});
const locationEditRoute = createRoute({
  getParentRoute: () => locationRoute,
  path: 'edit',
  staticData: { title: 'locations.edit.title' },
  component: lazyRouteComponent(
    () => import('../features/locations/routes/location-edit-page'),
    'LocationEditPage',
  ),
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-in/forgot',
  staticData: { title: 'auth.forgot.title', access: { public: true } },
  component: lazyRouteComponent(
    () => import('../features/auth/routes/forgot-password-page'),
    'ForgotPasswordPage',
  ),
});

/** Open whether signed in or not: the link in the e-mail must work in a browser where someone is signed in. */
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-in/reset',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  staticData: { title: 'auth.reset.title' },
  component: lazyRouteComponent(
    () => import('../features/auth/routes/reset-password-page'),
    'ResetPasswordPage',
  ),
});

/** /admin/users: the list is for admins; a profile and its edit page are open to the user themself. */
const usersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'admin/users',
  staticData: { title: 'nav.users', breadcrumbRoles: ADMIN_ROLES },
});
const usersIndexRoute = createRoute({
  getParentRoute: () => usersRoute,
  path: '/',
  staticData: { access: { roles: ADMIN_ROLES } },
  component: lazyRouteComponent(() => import('../features/users/routes/users-page'), 'UsersPage'),
});
const userRoute = createRoute({
  getParentRoute: () => usersRoute,
  path: '$userId',
  staticData: { title: 'users.profile.title' },
  component: lazyRouteComponent(() => import('../features/users/routes/user-layout'), 'UserLayout'),
});
const userOverviewRoute = createRoute({
  getParentRoute: () => userRoute,
  path: '/',
  component: lazyRouteComponent(
    () => import('../features/users/routes/user-overview-page'),
    'UserOverviewPage',
  ),
});
const userAccessRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'access',
  staticData: { title: 'access.title', access: { roles: ADMIN_ROLES } },
  component: lazyRouteComponent(() => import('../features/access/routes/user-access-page'), 'UserAccessPage'),
});
const userEditRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'edit',
  staticData: { title: 'users.edit.title' },
  component: lazyRouteComponent(() => import('../features/users/routes/user-edit-page'), 'UserEditPage'),
});

const groupsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'admin/groups',
  staticData: { title: 'nav.groups', access: { roles: ADMIN_ROLES } },
});
const groupsIndexRoute = createRoute({
  getParentRoute: () => groupsRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../features/groups/routes/groups-page'), 'GroupsPage'),
});
const groupRoute = createRoute({
  getParentRoute: () => groupsRoute,
  path: '$groupId',
  staticData: { title: 'groups.detail.title' },
  component: lazyRouteComponent(() => import('../features/groups/routes/group-layout'), 'GroupLayout'),
});
const groupOverviewRoute = createRoute({
  getParentRoute: () => groupRoute,
  path: '/',
  component: lazyRouteComponent(
    () => import('../features/groups/routes/group-overview-page'),
    'GroupOverviewPage',
  ),
});
const groupMembersRoute = createRoute({
  getParentRoute: () => groupRoute,
  path: 'members',
  staticData: { title: 'groups.members.title' },
  component: lazyRouteComponent(
    () => import('../features/groups/routes/group-members-page'),
    'GroupMembersPage',
  ),
});
const groupEditRoute = createRoute({
  getParentRoute: () => groupRoute,
  path: 'edit',
  staticData: { title: 'groups.edit.title' },
  component: lazyRouteComponent(() => import('../features/groups/routes/group-edit-page'), 'GroupEditPage'),
});

/** Any unknown path goes to the sign-in page (which sends a signed-in user on to /). */
/** /integrations/apis: API connections and their attributes (admins). Static `metrics` outranks `$apiId`. */
const apisRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'integrations/apis',
  staticData: { title: 'apis.title', access: { roles: ADMIN_ROLES } },
});
const apisIndexRoute = createRoute({
  getParentRoute: () => apisRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../features/apis/routes/apis-page'), 'ApisPage'),
});
const allApiMetricsRoute = createRoute({
  getParentRoute: () => apisRoute,
  path: 'metrics',
  staticData: { title: 'apiMetrics.allTitle' },
  component: lazyRouteComponent(
    () => import('../features/api-metrics/routes/all-api-metrics-page'),
    'AllApiMetricsPage',
  ),
});
const apiRoute = createRoute({
  getParentRoute: () => apisRoute,
  path: '$apiId',
  staticData: { title: 'apis.detail.title' },
  component: lazyRouteComponent(() => import('../features/apis/routes/api-layout'), 'ApiLayout'),
});
const apiOverviewRoute = createRoute({
  getParentRoute: () => apiRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../features/apis/routes/api-overview-page'), 'ApiOverviewPage'),
});
const apiMetricsRoute = createRoute({
  getParentRoute: () => apiRoute,
  path: 'metrics',
  staticData: { title: 'apiMetrics.title' },
  component: lazyRouteComponent(
    () => import('../features/api-metrics/routes/api-metrics-page'),
    'ApiMetricsPage',
  ),
});
const apiLogsRoute = createRoute({
  getParentRoute: () => apiRoute,
  path: 'logs',
  staticData: { title: 'apis.logs.title' },
  component: lazyRouteComponent(() => import('../features/apis/routes/api-logs-page'), 'ApiLogsPage'),
});
const apiEditRoute = createRoute({
  getParentRoute: () => apiRoute,
  path: 'edit',
  staticData: { title: 'apis.edit.title' },
  component: lazyRouteComponent(() => import('../features/apis/routes/api-edit-page'), 'ApiEditPage'),
});

const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/sign-in', replace: true });
  },
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  loginRoute,
  appLayoutRoute.addChildren([
    dashboardRoute,
    locationsRoute.addChildren([
      locationsIndexRoute,
      allBaysRoute,
      locationRoute.addChildren([
        locationOverviewRoute,
        locationBaysRoute.addChildren([
          locationBaysIndexRoute,
          bayRoute.addChildren([bayOverviewRoute, bayLinksRoute, bayMetricsRoute, bayEditRoute]),
        ]),
        locationCamerasRoute,
        locationAlertsRoute,
        locationEditRoute,
      ]),
    ]),
    usersRoute.addChildren([
      usersIndexRoute,
      userRoute.addChildren([userOverviewRoute, userAccessRoute, userEditRoute]),
    ]),
    apisRoute.addChildren([
      apisIndexRoute,
      allApiMetricsRoute,
      apiRoute.addChildren([apiOverviewRoute, apiMetricsRoute, apiLogsRoute, apiEditRoute]),
    ]),
    groupsRoute.addChildren([
      groupsIndexRoute,
      groupRoute.addChildren([groupOverviewRoute, groupMembersRoute, groupEditRoute]),
    ]),
  ]),
  unknownRoute,
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Data is cached by TanStack Query; the router must not cache loader results on top of it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    defaultPendingMs: 300,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
