// Notification recipients: who is told of what, by tag and facility (docs/domain.md, Notifications).
export { notificationsRoutes } from './notifications.routes';
export { createNotificationsService } from './notifications.service';
