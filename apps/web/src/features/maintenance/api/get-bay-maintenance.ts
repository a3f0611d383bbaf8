import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MaintenanceJob, maintenanceJobResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { usePollWhileDisconnected } from '../../../lib/realtime/realtime-state';
import { MAINTENANCE_KEY } from './maintenance-keys';

/** `POST backend/bays/maintenance/get`: the bay's running job, or null. */
async function getBayMaintenance(bayId: string): Promise<MaintenanceJob | null> {
  return maintenanceJobResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/bays/maintenance/get', { bayId }),
  ).data;
}

const bayMaintenanceQueryOptions = (bayId: string) =>
  queryOptions({
    queryKey: [MAINTENANCE_KEY, 'running', bayId],
    queryFn: () => getBayMaintenance(bayId),
  });

/** Maintenance events keep it current; polled every 30 s only while the live channel is down. */
export function useBayMaintenance(bayId: string) {
  return useQuery({
    ...bayMaintenanceQueryOptions(bayId),
    refetchInterval: usePollWhileDisconnected(30_000),
  });
}
