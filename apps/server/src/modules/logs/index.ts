// The log: every domain event worth keeping, as the audit trail.
export { logsRoutes } from './logs.routes';
export { createLogsService } from './logs.service';
export { subscribeLogs } from './logs.subscriber';
