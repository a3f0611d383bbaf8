// API attributes: the values an API delivers per record, named by a path.
export { insertApiMetric, lockLiveApi } from './api-metrics.repository';
export { apiMetricsRoutes } from './api-metrics.routes';
export { createApiMetricsService } from './api-metrics.service';
