import { createRoute, createRouter, redirect } from '@tanstack/react-router';
import { createAuthRoutes } from '../features/auth/routes';
import { loginRoute, type RouterContext, rootRoute, routerDefaults } from './root-route';
import type { AppRouter } from './router';

/**
 * The router of a visit without a stored session (`main.tsx`): only the pages for signing in, so the
 * first screen loads none of the app's pages, their API calls and schemas (decision 021). Every other path:
 * signed out, to the sign-in page (with the way back, as the root guard does); signed in (the sign-in form
 * went on to the page asked for), `startApp` with that page's address, which puts the app's router in this
 * one's place in the same document (decision 040). Typed as the app's router: its routes are a subset of
 * that one's, with the same paths.
 */
export function createPublicRouter(context: RouterContext, startApp: (href: string) => void): AppRouter {
  const appRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    beforeLoad: async ({ context, location }) => {
      const { status } = await context.auth.whenReady();
      if (status !== 'signedIn') {
        const back = location.href === '/' ? undefined : location.href;
        throw redirect({ to: '/sign-in', search: { redirect: back }, replace: true });
      }
      startApp(location.href);
      // This router is being replaced: nothing here renders.
      await new Promise<never>(() => {});
    },
  });
  const routeTree = rootRoute.addChildren([...createAuthRoutes(rootRoute), loginRoute, appRoute]);
  return createRouter({ routeTree, context, ...routerDefaults }) as unknown as AppRouter;
}
