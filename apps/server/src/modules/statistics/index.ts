// Statistics of bays, facilities and API connections, the availability report and the downtime figures.
export { statisticsRoutes } from './statistics.routes';
export { createStatisticsService } from './statistics.service';
