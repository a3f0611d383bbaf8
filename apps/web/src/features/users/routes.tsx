import { IconKey, IconPencil, IconUser } from '@tabler/icons-react';
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';
import type { EntityTab } from '../../components/entity-layout/entity-tabs';
import { createUserAccessRoute } from '../access';
import { useUserName } from './use-route-user';

/** A user's tabs; `requires` names a field of `useUserPermissions` (access for admins, edit for those who may). */
const userTabs: readonly EntityTab[] = [
  { path: '/', label: 'users.profile.tabs.overview', icon: IconUser },
  { path: 'access', label: 'users.profile.tabs.access', icon: IconKey, requires: 'isAdmin' },
  { path: 'edit', label: 'users.profile.tabs.edit', icon: IconPencil, requires: 'canEdit' },
];

/** /admin/users: the list is for admins; a profile and its edit page are open to the user themself. */
export function createUserRoutes<TParent extends AnyRoute>(parent: TParent) {
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
    staticData: { title: 'users.profile.title', tabs: userTabs, useName: useUserName },
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
  return usersRoute.addChildren([
    usersIndexRoute,
    userRoute.addChildren([userOverviewRoute, createUserAccessRoute(userRoute), userEditRoute]),
  ]);
}
