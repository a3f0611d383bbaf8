// /docs: the user guide, the API reference and the uploaded data sources (admins).

export { createDocsRoutes } from './routes';
