import { IconKey, IconPencil, IconUser } from '@tabler/icons-react';
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';
import type { EntityTab } from '../components/entity-layout/entity-tabs';
import { createUserRoutes } from '../features/users/routes';

/** A user's tabs; `requires` names a field of `useUserPermissions` (access for admins, edit for those who may). */
const userTabs: readonly EntityTab[] = [
  { path: '/', label: 'users.profile.tabs.overview', icon: IconUser },
  { path: 'access', label: 'users.profile.tabs.access', icon: IconKey, requires: 'isAdmin' },
  { path: 'edit', label: 'users.profile.tabs.edit', icon: IconPencil, requires: 'canEdit' },
];

/**
 * /admin/users: the users (features/users) with the access tab (features/access, admins: which facilities the
 * user sees).
 */
export function createPeopleRoutes<TParent extends AnyRoute>(parent: TParent) {
  const users = createUserRoutes(parent, userTabs);
  const userAccessRoute = createRoute({
    getParentRoute: () => users.userRoute,
    path: 'access',
    staticData: { title: 'access.title', access: { roles: ADMIN_ROLES } },
    component: lazyRouteComponent(() => import('./pages/user-access-page'), 'UserAccessPage'),
  });
  return users.usersRoute.addChildren([
    users.usersIndexRoute,
    users.userRoute.addChildren([users.userOverviewRoute, userAccessRoute, users.userEditRoute]),
  ]);
}
