// What the app uses of this feature (its composed pages in app/pages); the rest of the folder is its own
// (apps/web/README.md).
export { BayMaintenance } from './components/bay-maintenance';
export { MaintenanceHistoryCard, MaintenanceHistoryList } from './components/maintenance-history';
export { MaintenanceStatsCard } from './components/maintenance-stats-card';
export { PlannedMaintenanceCard } from './components/planned-maintenance-card';
export { RunningMaintenanceCard, runningMaintenanceCardQueries } from './components/running-maintenance-card';
