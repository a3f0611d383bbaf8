// Pushed bodies: a controller that sends its records instead of being polled.
export { pushRoutes } from './push.routes';
