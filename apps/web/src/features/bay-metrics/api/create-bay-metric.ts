import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BayMetric, bayMetricSchema, type CreateBayMetricInput, dataResponse } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const bayMetricResponseSchema = dataResponse(bayMetricSchema);

/** `POST backend/bays/metrics/create` (admins). */
async function createBayMetric(input: CreateBayMetricInput): Promise<BayMetric> {
  return bayMetricResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/bays/metrics/create', input),
  ).data;
}

export function useCreateBayMetric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBayMetric,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bay-metrics'] }),
        queryClient.invalidateQueries({ queryKey: ['api-metrics'] }),
      ]),
  });
}
