// POST dbviews/get: a row of a named, whitelisted database view, read by the view's own module.
export { type DbViewReaders, dbviewsRoutes } from './dbviews.routes';
