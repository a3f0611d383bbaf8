import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenanceJob } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { usePollWhileDisconnected } from '../../../lib/realtime/realtime-state';
import { MAINTENANCE_KEY } from './maintenance-keys';

export interface RunningMaintenanceParams {
  page: number;
  perPage: number;
}

/**
 * `POST backend/bays/maintenance/running`: running jobs on every bay the caller sees, overdue first. Read
 * unparsed, as the dashboard's other first reads: the server's serializer has checked it (decision 040).
 */
async function getRunningMaintenance(
  params: RunningMaintenanceParams,
): Promise<{ data: MaintenanceJob[]; count: number }> {
  return apiRequest('POST', 'backend/bays/maintenance/running', params);
}

const runningMaintenanceQueryOptions = (params: RunningMaintenanceParams) =>
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
