// What other features may use of this one; the rest of the folder is its own (apps/web/README.md).
export type { MaintenanceScope } from './api/maintenance-keys';
export { BayMaintenance } from './components/bay-maintenance';
export { MaintenanceHistoryCard, MaintenanceHistoryList } from './components/maintenance-history';
export { MaintenanceStatsCard } from './components/maintenance-stats-card';
export { RunningMaintenanceCard } from './components/running-maintenance-card';
export { useFormatDuration } from './use-format-duration';
