// What the app uses of this feature (its composed pages in app/pages); the rest of the folder is its own
// (apps/web/README.md).

export { DASHBOARD_OPEN_ALERTS } from './api/alerts-request';
export { alertsQueryOptions, useAlerts } from './api/get-alerts';
export { AlertsSection } from './components/alerts-section';
export { OpenAlertItem } from './components/open-alert-item';
