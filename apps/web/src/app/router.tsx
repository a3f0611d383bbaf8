import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  redirect,
} from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';
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

const locationsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'locations',
  staticData: { title: 'nav.locations', access: { roles: ADMIN_ROLES } },
  component: lazyRouteComponent(() => import('../features/locations/routes/locations-page'), 'LocationsPage'),
});

/** Any unknown path goes to the sign-in page (which sends a signed-in user on to /). */
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/sign-in', replace: true });
  },
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  loginRoute,
  appLayoutRoute.addChildren([dashboardRoute, locationsRoute]),
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
    defaultPendingMs: 300,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
