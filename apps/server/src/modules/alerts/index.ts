// Alerts: the list and acknowledgement routes, and the writes the status engine makes as levels change.

export { createAlertEscalation } from './alert-escalation';
export type { SettledAttribute } from './alert-notifications';
export {
  type AttributeTransition,
  type OpenAlert,
  planAlertTransitions,
} from './alert-transitions';
export {
  type AlertPublication,
  openAlertsOf,
  publishAlerts,
  resolveAlertsOfAttributes,
} from './alert-writes.repository';
export { alertsRoutes } from './alerts.routes';
export { createAlertsService } from './alerts.service';
export { applyCheckAlerts, type CheckAlerts } from './check-alerts';
export { predictionEnded, predictionStands } from './incident-predictions.repository';
export type { ApiIncidentChange } from './incidents.repository';
