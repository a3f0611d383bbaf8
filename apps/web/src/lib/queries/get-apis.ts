import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_SORT_COLUMNS, type Api, type ApiStatus, apiSchema, listResponse } from '@vaskedrift/shared';
import { toSortColumn } from '../../components/server-table/sort-column';
import { apiRequest } from '../api-client';

const apisResponseSchema = listResponse(apiSchema);

export type ApiSortColumn = (typeof API_SORT_COLUMNS)[number];

export interface ApisListParams {
  page: number;
  perPage: number;
  search?: string;
  sort?: { column: ApiSortColumn; direction: 'asc' | 'desc' };
  filters?: { status?: ApiStatus };
}

/** `POST backend/apis/get` for a page of API connections (admins). */
async function getApis(params: ApisListParams): Promise<{ data: Api[]; count: number }> {
  const search = params.search?.trim() || undefined;
  return apisResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/apis/get', { ...params, search }),
  );
}

const apisQueryOptions = (params: ApisListParams) =>
  queryOptions({
    queryKey: ['apis', 'list', params],
    queryFn: () => getApis(params),
    placeholderData: keepPreviousData,
    // Last check and success rate move with every poll.
    refetchInterval: 15_000,
  });

export function useApis(params: ApisListParams) {
  return useQuery(apisQueryOptions(params));
}

export function toApiSortColumn(accessor: unknown, fallback: ApiSortColumn = 'name'): ApiSortColumn {
  return toSortColumn(accessor, API_SORT_COLUMNS, fallback);
}
