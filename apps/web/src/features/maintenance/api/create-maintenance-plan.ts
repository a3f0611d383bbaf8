import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateMaintenancePlanInput,
  type MaintenancePlan,
  maintenancePlanMessageResponseSchema,
} from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMaintenance } from './maintenance-keys';

/** `POST backend/bays/maintenance/plans/create`: the bay enters maintenance by itself at each start. */
async function createMaintenancePlan(
  input: CreateMaintenancePlanInput,
): Promise<{ data: MaintenancePlan; message: string }> {
  return maintenancePlanMessageResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/bays/maintenance/plans/create', input),
  );
}

export function useCreateMaintenancePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMaintenancePlan,
    onSuccess: () => invalidateMaintenance(queryClient),
  });
}
