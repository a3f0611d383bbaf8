// Maintenance jobs on bays: start, change, end, history, and the assignee picker (the downtime figures are
// the statistics module's).
export { maintenanceRoutes } from './maintenance.routes';
export { createMaintenanceService } from './maintenance.service';
export { createMaintenanceReminders, type MaintenanceReminders } from './maintenance-reminders';
