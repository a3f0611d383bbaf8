import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BayMetric, bayMetricSchema, dataResponse, type UpdateBayMetricInput } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const bayMetricResponseSchema = dataResponse(bayMetricSchema);

/** `PATCH backend/bays/metrics/update`: only the fields given change. */
async function updateBayMetric(input: UpdateBayMetricInput): Promise<BayMetric> {
  return bayMetricResponseSchema.parse(
    await apiRequest<unknown>('PATCH', 'backend/bays/metrics/update', input),
  ).data;
}

export function useUpdateBayMetric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBayMetric,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bay-metrics'] }),
  });
}
