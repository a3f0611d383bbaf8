import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Api, type UpdateApiInput, updateApiResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { apiQueryKey } from '../../../lib/queries/get-api';

/**
 * `PATCH backend/apis/update`: only the fields given change (a secret left out is kept). A status change
 * answers ':apiEndpoint er :status' (docs/domain.md, API connections) as `message`.
 */
async function updateApi(input: UpdateApiInput): Promise<{ data: Api; message?: string }> {
  return updateApiResponseSchema.parse(await apiRequest<unknown>('PATCH', 'backend/apis/update', input));
}

export function useUpdateApi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApi,
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(apiQueryKey(data.id), data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['apis'] }),
        queryClient.invalidateQueries({ queryKey: ['api-metrics'] }),
        queryClient.invalidateQueries({ queryKey: ['bay-metrics'] }),
      ]);
    },
  });
}
