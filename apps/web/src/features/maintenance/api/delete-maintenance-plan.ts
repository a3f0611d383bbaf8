import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerSchema } from '../../../lib/answer-schema';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMaintenance } from './maintenance-keys';

const parseDeleted = answerSchema((schemas) => schemas.deletedPlan);

/** `DELETE backend/bays/maintenance/plans/delete`: no more occurrences; a job it started runs on. */
async function deleteMaintenancePlan(id: string): Promise<{ message: string }> {
  return parseDeleted(apiRequest<unknown>('DELETE', 'backend/bays/maintenance/plans/delete', { id }));
}

export function useDeleteMaintenancePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMaintenancePlan,
    onSuccess: () => invalidateMaintenance(queryClient),
  });
}
