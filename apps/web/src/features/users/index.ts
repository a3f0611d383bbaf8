// What other features may use of this one; the rest of the folder is its own (apps/web/README.md).
export { useUsers } from './api/get-users';
export { RoleBadge } from './components/role-badge';
export { useRouteUser } from './use-route-user';
