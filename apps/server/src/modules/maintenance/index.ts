// Maintenance jobs on bays: start, change, end, history, the assignee picker and downtime figures.
export { maintenanceRoutes } from './maintenance.routes';
export { createMaintenanceService } from './maintenance.service';
export { createMaintenanceReminders, type MaintenanceReminders } from './maintenance-reminders';
