// Alerts: the list and acknowledgement routes, and the writes the status engine makes as levels change.

export { type AlertEscalation, createAlertEscalation } from './alert-escalation';
export { alertNotifications, markAlertsNotified, type SettledAttribute } from './alert-notifications';
export {
  type AlertPublication,
  type AttributeTransition,
  applyAlertTransitions,
  publishAlerts,
  resolveAlertsOfAttributes,
} from './alert-writes.repository';
export { alertsRoutes } from './alerts.routes';
export { createAlertsService } from './alerts.service';
