// Mutes ('Demp varsler'): a bay or a facility whose alert notifications are recorded but not sent for a while.
export { mutesRoutes } from './mutes.routes';
export { createMutesService } from './mutes.service';
