import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';
import type { EntityTab } from '../../components/entity-layout/entity-tabs';
import { useUserName } from './use-route-user';

/**
 * /admin/users: the list is for admins; a profile and its edit page are open to the user themself. `tabs` are
 * the user page's tabs (put together with the access tab in app/people-routes.tsx).
 */
export function createUserRoutes<TParent extends AnyRoute>(parent: TParent, tabs: readonly EntityTab[]) {
  const usersRoute = createRoute({
    getParentRoute: () => parent,
    path: 'admin/users',
    staticData: { title: 'nav.users', breadcrumbRoles: ADMIN_ROLES },
  });
  const usersIndexRoute = createRoute({
    getParentRoute: () => usersRoute,
    path: '/',
    staticData: { access: { roles: ADMIN_ROLES } },
    component: lazyRouteComponent(() => import('./routes/users-page'), 'UsersPage'),
  });
  const userRoute = createRoute({
    getParentRoute: () => usersRoute,
    path: '$userId',
    staticData: { title: 'users.profile.title', tabs, useName: useUserName },
    component: lazyRouteComponent(() => import('./routes/user-layout'), 'UserLayout'),
  });
  const userOverviewRoute = createRoute({
    getParentRoute: () => userRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./routes/user-overview-page'), 'UserOverviewPage'),
  });
  const userEditRoute = createRoute({
    getParentRoute: () => userRoute,
    path: 'edit',
    staticData: { title: 'users.edit.title' },
    component: lazyRouteComponent(() => import('./routes/user-edit-page'), 'UserEditPage'),
  });
  return { usersRoute, usersIndexRoute, userRoute, userOverviewRoute, userEditRoute };
}
