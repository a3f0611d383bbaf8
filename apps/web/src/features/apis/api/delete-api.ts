import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataResponse } from '@vaskedrift/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { apiQueryKey } from '../../../lib/queries/get-api';

const deletedResponseSchema = dataResponse(z.object({ id: z.uuid() }));

/** `DELETE backend/apis/delete` (admins): the API with its attributes and their bay attributes. */
async function deleteApi(id: string): Promise<{ id: string }> {
  return deletedResponseSchema.parse(await apiRequest<unknown>('DELETE', 'backend/apis/delete', { id })).data;
}

export function useDeleteApi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApi,
    onSuccess: async ({ id }) => {
      queryClient.removeQueries({ queryKey: apiQueryKey(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['apis', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['api-metrics'] }),
        queryClient.invalidateQueries({ queryKey: ['bay-metrics'] }),
      ]);
    },
  });
}
