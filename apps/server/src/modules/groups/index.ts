// Groups of users.
export { existingGroupIds } from './groups.repository';
export { groupsRoutes } from './groups.routes';
export { createGroupsService } from './groups.service';
