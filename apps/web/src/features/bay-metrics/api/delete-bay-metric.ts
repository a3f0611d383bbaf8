import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataResponse } from '@vaskedrift/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const deletedResponseSchema = dataResponse(z.object({ id: z.uuid() }));

/** `DELETE backend/bays/metrics/delete` (admins): the attribute and its readings; open alerts resolve. */
async function deleteBayMetric(id: string): Promise<{ id: string }> {
  return deletedResponseSchema.parse(
    await apiRequest<unknown>('DELETE', 'backend/bays/metrics/delete', { id }),
  ).data;
}

export function useDeleteBayMetric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBayMetric,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bay-metrics'] }),
        queryClient.invalidateQueries({ queryKey: ['api-metrics'] }),
        queryClient.invalidateQueries({ queryKey: ['alerts'] }),
      ]),
  });
}
