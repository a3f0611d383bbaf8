import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MaintenanceJob, maintenanceHistoryResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { MAINTENANCE_KEY, type MaintenanceScope } from './maintenance-keys';

export type MaintenanceHistoryParams = MaintenanceScope & { page: number; perPage: number };

/** `POST backend/bays/maintenance/history`: a page of a bay's or a facility's jobs, newest first. */
async function getMaintenanceHistory(
  params: MaintenanceHistoryParams,
): Promise<{ data: MaintenanceJob[]; count: number }> {
  return maintenanceHistoryResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/bays/maintenance/history', params),
  );
}

const maintenanceHistoryQueryOptions = (params: MaintenanceHistoryParams) =>
  queryOptions({
    queryKey: [MAINTENANCE_KEY, 'list', 'history', params],
    queryFn: () => getMaintenanceHistory(params),
    placeholderData: keepPreviousData,
  });

export function useMaintenanceHistory(params: MaintenanceHistoryParams) {
  return useQuery(maintenanceHistoryQueryOptions(params));
}
