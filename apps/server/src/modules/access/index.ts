// Facility access: which facilities a user may see (every facility query filters by it), and the grants.
export { accessRoutes } from './access.routes';
export { createAccessService } from './access.service';
export { assertLocationVisible, visibleLocationsCondition } from './location-access';
