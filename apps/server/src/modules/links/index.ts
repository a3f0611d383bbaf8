// Links of a bay.
export { linksRoutes } from './links.routes';
export { createLinksService } from './links.service';
