import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataResponse } from '@vaskedrift/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const deletedResponseSchema = dataResponse(z.object({ id: z.uuid() }));

/** `DELETE backend/apis/metrics/delete` (admins): the attribute and the bay attributes bound to it. */
async function deleteApiMetric(id: string): Promise<{ id: string }> {
  return deletedResponseSchema.parse(
    await apiRequest<unknown>('DELETE', 'backend/apis/metrics/delete', { id }),
  ).data;
}

export function useDeleteApiMetric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiMetric,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['api-metrics'] }),
        queryClient.invalidateQueries({ queryKey: ['apis'] }),
        queryClient.invalidateQueries({ queryKey: ['bay-metrics'] }),
      ]),
  });
}
