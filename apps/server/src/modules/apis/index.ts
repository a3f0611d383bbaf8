// API connections: the controllers the status engine checks, their check log and statistics.
export { findApiByPushHash, insertApi } from './apis.repository';
export { apisRoutes } from './apis.routes';
export { createApisService } from './apis.service';
