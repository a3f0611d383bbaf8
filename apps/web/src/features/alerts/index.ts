// What other features may use of this one; the rest of the folder is its own (apps/web/README.md).

export { useAcknowledgeAlert } from './api/acknowledge-alert';
export { useAlerts } from './api/get-alerts';
export { OpenAlertItem } from './components/open-alert-item';
export { createLocationAlertsRoute } from './routes';
