import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MaintenanceJob, maintenanceJobResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { MAINTENANCE_KEY } from './maintenance-keys';

/** `POST backend/bays/maintenance/get`: the bay's running job, or null. */
export async function getBayMaintenance(bayId: string): Promise<MaintenanceJob | null> {
  return maintenanceJobResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/bays/maintenance/get', { bayId }),
  ).data;
}

export const bayMaintenanceQueryOptions = (bayId: string) =>
  queryOptions({
    queryKey: [MAINTENANCE_KEY, 'running', bayId],
    queryFn: () => getBayMaintenance(bayId),
    refetchInterval: 30_000,
  });

export function useBayMaintenance(bayId: string) {
  return useQuery(bayMaintenanceQueryOptions(bayId));
}
