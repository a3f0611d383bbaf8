import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type MaintenanceJob,
  maintenanceJobMessageResponseSchema,
  type UpdateMaintenanceInput,
} from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMaintenance } from './maintenance-keys';

/** `PATCH backend/bays/maintenance/update`: the bay's running job, only the fields sent. */
async function updateMaintenance(
  input: UpdateMaintenanceInput,
): Promise<{ data: MaintenanceJob; message: string }> {
  return maintenanceJobMessageResponseSchema.parse(
    await apiRequest<unknown>('PATCH', 'backend/bays/maintenance/update', input),
  );
}

export function useUpdateMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMaintenance,
    onSuccess: () => invalidateMaintenance(queryClient),
  });
}
