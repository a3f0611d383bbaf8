import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_METRIC_SORT_COLUMNS, type ApiMetric, apiMetricSchema, listResponse } from '@vaskedrift/shared';
import { toSortColumn } from '../../components/server-table/sort-column';
import { apiRequest } from '../api-client';

const apiMetricsResponseSchema = listResponse(apiMetricSchema);

export type ApiMetricSortColumn = (typeof API_METRIC_SORT_COLUMNS)[number];

export interface ApiMetricsListParams {
  page: number;
  perPage: number;
  search?: string;
  sort?: { column: ApiMetricSortColumn; direction: 'asc' | 'desc' };
  filters?: { apiId?: string };
}

/** `POST backend/apis/metrics/get` for a page of API attributes (of one API or all). */
async function getApiMetrics(params: ApiMetricsListParams): Promise<{ data: ApiMetric[]; count: number }> {
  const search = params.search?.trim() || undefined;
  return apiMetricsResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/apis/metrics/get', { ...params, search }),
  );
}

const apiMetricsQueryOptions = (params: ApiMetricsListParams) =>
  queryOptions({
    queryKey: ['api-metrics', 'list', params],
    queryFn: () => getApiMetrics(params),
    placeholderData: keepPreviousData,
  });

export function useApiMetrics(params: ApiMetricsListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...apiMetricsQueryOptions(params), enabled });
}

export function toApiMetricSortColumn(
  accessor: unknown,
  fallback: ApiMetricSortColumn = 'name',
): ApiMetricSortColumn {
  return toSortColumn(accessor, API_METRIC_SORT_COLUMNS, fallback);
}
