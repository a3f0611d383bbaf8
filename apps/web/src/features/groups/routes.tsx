import { IconInfoCircle, IconPencil, IconUsers } from '@tabler/icons-react';
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';
import type { EntityTab } from '../../components/entity-layout/entity-tabs';
import { useGroupName } from './use-route-group';

const groupTabs: readonly EntityTab[] = [
  { path: '/', label: 'groups.detail.tabs.overview', icon: IconInfoCircle },
  { path: 'members', label: 'groups.detail.tabs.members', icon: IconUsers },
  { path: 'edit', label: 'groups.detail.tabs.edit', icon: IconPencil },
];

/** /admin/groups (admins): the list and each group's tabs. */
export function createGroupRoutes<TParent extends AnyRoute>(parent: TParent) {
  const groupsRoute = createRoute({
    getParentRoute: () => parent,
    path: 'admin/groups',
    staticData: { title: 'nav.groups', access: { roles: ADMIN_ROLES } },
  });
  const groupsIndexRoute = createRoute({
    getParentRoute: () => groupsRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./routes/groups-page'), 'GroupsPage'),
  });
  const groupRoute = createRoute({
    getParentRoute: () => groupsRoute,
    path: '$groupId',
    staticData: { title: 'groups.detail.title', tabs: groupTabs, useName: useGroupName },
    component: lazyRouteComponent(() => import('./routes/group-layout'), 'GroupLayout'),
  });
  const groupOverviewRoute = createRoute({
    getParentRoute: () => groupRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./routes/group-overview-page'), 'GroupOverviewPage'),
  });
  const groupMembersRoute = createRoute({
    getParentRoute: () => groupRoute,
    path: 'members',
    staticData: { title: 'groups.members.title' },
    component: lazyRouteComponent(() => import('./routes/group-members-page'), 'GroupMembersPage'),
  });
  const groupEditRoute = createRoute({
    getParentRoute: () => groupRoute,
    path: 'edit',
    staticData: { title: 'groups.edit.title' },
    component: lazyRouteComponent(() => import('./routes/group-edit-page'), 'GroupEditPage'),
  });
  return groupsRoute.addChildren([
    groupsIndexRoute,
    groupRoute.addChildren([groupOverviewRoute, groupMembersRoute, groupEditRoute]),
  ]);
}
