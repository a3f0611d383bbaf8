// Facilities (anlegg).
export { insertLocation } from './locations.repository';
export { locationsRoutes } from './locations.routes';
export { createLocationsService } from './locations.service';
