import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MaintenanceStats, maintenanceStatsResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { MAINTENANCE_KEY, type MaintenanceScope } from './maintenance-keys';

type MaintenanceStatsParams = MaintenanceScope & { from: string; to: string };

/** `POST backend/bays/maintenance/stats`: downtime, jobs, failures, MTTR and MTBF in a period. */
async function getMaintenanceStats(params: MaintenanceStatsParams): Promise<MaintenanceStats> {
  return maintenanceStatsResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/bays/maintenance/stats', params),
  ).data;
}

const DAY_MS = 86_400_000;

/**
 * The last `days` days up to now. The key holds the scope and the length, not the instants, so the
 * figures are not fetched again at every render; they are refetched each minute.
 */
const maintenanceStatsQueryOptions = (scope: MaintenanceScope, days: number) =>
  queryOptions({
    queryKey: [MAINTENANCE_KEY, 'stats', scope, days],
    queryFn: () => {
      const to = new Date();
      return getMaintenanceStats({
        ...scope,
        from: new Date(to.getTime() - days * DAY_MS).toISOString(),
        to: to.toISOString(),
      });
    },
    refetchInterval: 60_000,
  });

export function useMaintenanceStats(scope: MaintenanceScope, days: number) {
  return useQuery(maintenanceStatsQueryOptions(scope, days));
}
