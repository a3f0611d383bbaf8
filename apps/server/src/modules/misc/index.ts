// Health and version.
export { miscRoutes, probeRoutes } from './misc.routes';
