import { queryOptions, useQuery } from '@tanstack/react-query';
import { maintenanceAssigneesResponseSchema, type PersonRef } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { MAINTENANCE_KEY } from './maintenance-keys';

/** `POST backend/bays/maintenance/assignees`: ids and names of the users who may be given the bay's job. */
async function getMaintenanceAssignees(bayId: string): Promise<PersonRef[]> {
  return maintenanceAssigneesResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/bays/maintenance/assignees', { bayId }),
  ).data;
}

const maintenanceAssigneesQueryOptions = (bayId: string) =>
  queryOptions({
    queryKey: [MAINTENANCE_KEY, 'assignees', bayId],
    queryFn: () => getMaintenanceAssignees(bayId),
    staleTime: 60_000,
  });

/** Only while the form is open: the picker is for those who may start maintenance. */
export function useMaintenanceAssignees(bayId: string, enabled: boolean) {
  return useQuery({ ...maintenanceAssigneesQueryOptions(bayId), enabled });
}
