// Statistics of bays, facilities and API connections, the availability report and the downtime figures.
export { availabilityCsv } from './availability-csv';
// The figures query alone, for bench/statistics.ts's EXPLAIN.
export { figuresSql } from './figures.repository';
export { statisticsRoutes } from './statistics.routes';
export { createStatisticsService, type StatisticsService } from './statistics.service';
