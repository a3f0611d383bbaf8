import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenanceJob } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { usePollWhileDisconnected } from '../../../lib/realtime/realtime-state';
import { MAINTENANCE_KEY } from './maintenance-keys';
import { type RunningMaintenanceParams, runningMaintenanceRequest } from './maintenance-requests';

/**
 * Running jobs, read unparsed as the dashboard's other first reads: the server's serializer has checked them
 * (decision 040).
 */
async function getRunningMaintenance(
  params: RunningMaintenanceParams,
): Promise<{ data: MaintenanceJob[]; count: number }> {
  const { path, body } = runningMaintenanceRequest(params);
  return apiRequest('POST', path, body);
}

export const runningMaintenanceQueryOptions = (params: RunningMaintenanceParams) =>
  queryOptions({
    queryKey: [MAINTENANCE_KEY, 'list', 'running', params],
    queryFn: () => getRunningMaintenance(params),
    placeholderData: keepPreviousData,
  });

/** Maintenance events keep it current; polled every 30 s only while the live channel is down. */
export function useRunningMaintenance(params: RunningMaintenanceParams) {
  return useQuery({
    ...runningMaintenanceQueryOptions(params),
    refetchInterval: usePollWhileDisconnected(30_000),
  });
}
