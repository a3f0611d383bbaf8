// The dashboard: every visible facility with its bays and their status counts.
export { dashboardRoutes } from './dashboard.routes';
// The service alone, for bench/dashboard-api.ts (the SQL and encoding without HTTP).
export { getDashboard } from './dashboard.service';
