import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';

/** The access tab of a user's page (admins): which facilities the user sees. */
export function createUserAccessRoute<TUserRoute extends AnyRoute>(userRoute: TUserRoute) {
  return createRoute({
    getParentRoute: () => userRoute,
    path: 'access',
    staticData: { title: 'access.title', access: { roles: ADMIN_ROLES } },
    component: lazyRouteComponent(() => import('./routes/user-access-page'), 'UserAccessPage'),
  });
}
