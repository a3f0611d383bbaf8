// Maintenance jobs on bays: start, change, end, history, and the assignee picker; planned maintenance and
// the runner that starts and ends its jobs on time (the downtime figures are the statistics module's).
export { maintenanceRoutes } from './maintenance.routes';
export { createMaintenanceService } from './maintenance.service';
export { createMaintenancePlanRunner } from './maintenance-plan-runner';
export { maintenancePlansRoutes } from './maintenance-plans.routes';
export { createMaintenancePlansService } from './maintenance-plans.service';
export { createMaintenanceReminders } from './maintenance-reminders';
