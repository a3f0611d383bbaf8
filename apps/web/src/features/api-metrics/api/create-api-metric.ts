import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiMetric, apiMetricSchema, type CreateApiMetricInput, dataResponse } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const apiMetricResponseSchema = dataResponse(apiMetricSchema);

/** `POST backend/apis/metrics/create` (admins). */
async function createApiMetric(input: CreateApiMetricInput): Promise<ApiMetric> {
  return apiMetricResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/apis/metrics/create', input),
  ).data;
}

export function useCreateApiMetric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiMetric,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['api-metrics'] }),
        queryClient.invalidateQueries({ queryKey: ['apis'] }),
      ]),
  });
}
