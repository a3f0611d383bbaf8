import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Api, apiSchema, type CreateApiInput, dataResponse } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const apiResponseSchema = dataResponse(apiSchema);

/** `POST backend/apis/create` (admins). */
async function createApi(input: CreateApiInput): Promise<Api> {
  return apiResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/apis/create', input)).data;
}

export function useCreateApi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApi,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['apis'] }),
  });
}
