// What the app's dashboard page (app/pages/dashboard) and its route (app/dashboard-route.tsx) use of this feature; the rest of the folder is its own
// (apps/web/README.md).
export { dashboardQueryOptions, useDashboard } from './api/get-dashboard';
export { DashboardToolbar } from './components/dashboard-toolbar';
export type { LocationCardTexts } from './components/location-card';
export { LocationGrid } from './components/location-grid';
export { NeedsAttentionCard } from './components/needs-attention-card';
export { OnlineUsersCard } from './components/online-users-card';
export { StatusStatCards } from './components/status-stat-cards';
export {
  BAY_ID,
  BAY_MONITORED,
  BAY_NAME,
  BAY_SINCE,
  BAY_STATUS,
  type DashboardLocation,
  findBay,
  knownSelection,
  sortOpenAlerts,
  visibleLocations,
} from './dashboard-model';
