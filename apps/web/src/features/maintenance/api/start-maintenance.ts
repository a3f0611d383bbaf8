import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type MaintenanceJob,
  maintenanceJobMessageResponseSchema,
  type StartMaintenanceInput,
} from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMaintenance } from './maintenance-keys';

/** `POST backend/bays/maintenance/start`: the bay turns `maintenance` at once. */
async function startMaintenance(
  input: StartMaintenanceInput,
): Promise<{ data: MaintenanceJob; message: string }> {
  return maintenanceJobMessageResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/bays/maintenance/start', input),
  );
}

export function useStartMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startMaintenance,
    onSuccess: () => invalidateMaintenance(queryClient),
  });
}
