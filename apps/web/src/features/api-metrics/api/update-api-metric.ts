import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiMetric, apiMetricSchema, dataResponse, type UpdateApiMetricInput } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const apiMetricResponseSchema = dataResponse(apiMetricSchema);

/** `PATCH backend/apis/metrics/update`: only the fields given change. */
async function updateApiMetric(input: UpdateApiMetricInput): Promise<ApiMetric> {
  return apiMetricResponseSchema.parse(
    await apiRequest<unknown>('PATCH', 'backend/apis/metrics/update', input),
  ).data;
}

export function useUpdateApiMetric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApiMetric,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['api-metrics'] }),
        queryClient.invalidateQueries({ queryKey: ['bay-metrics'] }),
      ]),
  });
}
