// Data sources: Markdown files admins upload to /docs, searched with PostgreSQL's Norwegian full-text search.

export { dataSourcesRoutes } from './data-sources.routes';
export { createDataSourcesService } from './data-sources.service';
