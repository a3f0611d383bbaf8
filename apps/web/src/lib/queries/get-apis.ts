import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_SORT_COLUMNS,
  type Api,
  type ApiStatus,
  apiSchema,
  dataResponse,
  listResponse,
} from '@vaskedrift/shared';
import { toSortColumn } from '../../components/server-table/sort-column';
import { apiRequest } from '../api-client';

const apisResponseSchema = listResponse(apiSchema);
const apiResponseSchema = dataResponse(apiSchema);

export type ApiSortColumn = (typeof API_SORT_COLUMNS)[number];

export interface ApisListParams {
  page: number;
  perPage: number;
  search?: string;
  sort?: { column: ApiSortColumn; direction: 'asc' | 'desc' };
  filters?: { status?: ApiStatus };
}

export const apiQueryKey = (id: string) => ['apis', 'detail', id] as const;

/** `POST backend/apis/get` for a page of API connections (admins). */
async function getApis(params: ApisListParams): Promise<{ data: Api[]; count: number }> {
  const search = params.search?.trim() || undefined;
  return apisResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/apis/get', { ...params, search }),
  );
}

/** `POST backend/apis/get` with `{id}`: one API connection (secrets only as `hasClientSecret`/`hasApiKey`). */
async function getApi(id: string): Promise<Api> {
  return apiResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/apis/get', { id })).data;
}

const apisQueryOptions = (params: ApisListParams) =>
  queryOptions({
    queryKey: ['apis', 'list', params],
    queryFn: () => getApis(params),
    placeholderData: keepPreviousData,
    // Last check and success rate move with every poll.
    refetchInterval: 15_000,
  });

const apiQueryOptions = (id: string) =>
  queryOptions({ queryKey: apiQueryKey(id), queryFn: () => getApi(id), refetchInterval: 15_000 });

export function useApis(params: ApisListParams) {
  return useQuery(apisQueryOptions(params));
}

export function useApi(id: string) {
  return useQuery(apiQueryOptions(id));
}

export function toApiSortColumn(accessor: unknown, fallback: ApiSortColumn = 'name'): ApiSortColumn {
  return toSortColumn(accessor, API_SORT_COLUMNS, fallback);
}
