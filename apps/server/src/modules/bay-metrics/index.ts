// Bay attributes: an API attribute tied to one bay, with its level rules and its readings chart.
export { insertBayMetric } from './bay-metrics.repository';
export { bayMetricsRoutes } from './bay-metrics.routes';
export { createBayMetricsService } from './bay-metrics.service';
export { createReadingsService } from './readings.service';
