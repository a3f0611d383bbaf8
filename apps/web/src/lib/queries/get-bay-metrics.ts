import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BayMetric } from '@vaskedrift/shared';
import { answerSchema } from '../answer-schema';
import { apiRequest } from '../api-client';

const parseBayMetrics = answerSchema((schemas) => schemas.bayMetrics);

export interface BayMetricsListParams {
  page: number;
  perPage: number;
  search?: string;
  filters?: { bayId?: string; locationId?: string; apiId?: string; apiMetricId?: string };
}

/** `POST backend/bays/metrics/get` for a page of bay attributes, with each one's last value and level. */
async function getBayMetrics(params: BayMetricsListParams): Promise<{ data: BayMetric[]; count: number }> {
  const search = params.search?.trim() || undefined;
  return parseBayMetrics(
    apiRequest<unknown>('POST', 'backend/bays/metrics/get', {
      ...params,
      search,
      sort: { column: 'apiMetricName', direction: 'asc' },
    }),
  );
}

const bayMetricsQueryOptions = (params: BayMetricsListParams) =>
  queryOptions({
    queryKey: ['bay-metrics', 'list', params],
    queryFn: () => getBayMetrics(params),
    placeholderData: keepPreviousData,
    // The current value and level change with every check.
    refetchInterval: 10_000,
  });

/** `enabled: false` waits (the dashboard's hover card asks only once a tile has been pointed at a moment). */
export function useBayMetrics(params: BayMetricsListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...bayMetricsQueryOptions(params), enabled });
}
