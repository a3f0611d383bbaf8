import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type MaintenancePlan,
  maintenancePlanMessageResponseSchema,
  type UpdateMaintenancePlanInput,
} from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMaintenance } from './maintenance-keys';

/** `PATCH backend/bays/maintenance/plans/update`: only the fields sent; the next time is worked out again. */
async function updateMaintenancePlan(
  input: UpdateMaintenancePlanInput,
): Promise<{ data: MaintenancePlan; message: string }> {
  return maintenancePlanMessageResponseSchema.parse(
    await apiRequest<unknown>('PATCH', 'backend/bays/maintenance/plans/update', input),
  );
}

export function useUpdateMaintenancePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMaintenancePlan,
    onSuccess: () => invalidateMaintenance(queryClient),
  });
}
