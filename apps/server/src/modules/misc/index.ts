// Health and version.
export { miscRoutes } from './misc.routes';
