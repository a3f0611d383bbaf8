import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MaintenanceJob, maintenanceJobMessageResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMaintenance } from './maintenance-keys';

/** `POST backend/bays/maintenance/end`: the bay's status is derived again at once from its attributes. */
async function endMaintenance(bayId: string): Promise<{ data: MaintenanceJob; message: string }> {
  return maintenanceJobMessageResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/bays/maintenance/end', { bayId }),
  );
}

export function useEndMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endMaintenance,
    onSuccess: () => invalidateMaintenance(queryClient),
  });
}
