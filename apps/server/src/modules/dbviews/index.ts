// POST dbviews/get: a row of a named, whitelisted database view, read by the view's own module.
export { dbviewsRoutes } from './dbviews.routes';
