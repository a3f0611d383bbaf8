import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type BayMetric, bayMetricSchema, listResponse } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const bayMetricsResponseSchema = listResponse(bayMetricSchema);

export interface BayMetricsListParams {
  page: number;
  perPage: number;
  search?: string;
  filters?: { bayId?: string; locationId?: string; apiId?: string; apiMetricId?: string };
}

/** `POST backend/bays/metrics/get` for a page of bay attributes, with each one's last value and level. */
export async function getBayMetrics(
  params: BayMetricsListParams,
): Promise<{ data: BayMetric[]; count: number }> {
  const search = params.search?.trim() || undefined;
  return bayMetricsResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/bays/metrics/get', {
      ...params,
      search,
      sort: { column: 'apiMetricName', direction: 'asc' },
    }),
  );
}

export const bayMetricsQueryOptions = (params: BayMetricsListParams) =>
  queryOptions({
    queryKey: ['bay-metrics', 'list', params],
    queryFn: () => getBayMetrics(params),
    placeholderData: keepPreviousData,
    // The current value and level change with every check.
    refetchInterval: 10_000,
  });

export function useBayMetrics(params: BayMetricsListParams) {
  return useQuery(bayMetricsQueryOptions(params));
}
