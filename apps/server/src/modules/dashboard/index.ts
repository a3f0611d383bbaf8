// The dashboard: every visible facility with its bays and their status counts.
export { dashboardRoutes } from './dashboard.routes';
