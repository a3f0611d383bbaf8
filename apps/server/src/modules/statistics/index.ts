// Statistics of bays, facilities and API connections, the availability report and the downtime figures.
export { availabilityCsv } from './availability-csv';
// The figures query alone, for bench/statistics.ts's EXPLAIN, and the report's three reads, for its CPU
// statement by statement.
export { figuresByBay, figuresSql } from './figures.repository';
export { baysOfLocations } from './statistics.repository';
export { statisticsRoutes } from './statistics.routes';
export { createStatisticsService, type StatisticsService } from './statistics.service';
export { washFiguresByBay } from './washes.repository';
