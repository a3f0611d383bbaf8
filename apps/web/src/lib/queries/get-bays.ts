import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Bay, type BayStatus, baySchema, listResponse } from '@vaskedrift/shared';
import { apiRequest } from '../api-client';

const baysResponseSchema = listResponse(baySchema);

export type BaySortColumn =
  | 'name'
  | 'locationName'
  | 'status'
  | 'statusChangedAt'
  | 'sortOrder'
  | 'createdAt';

export interface BaysListParams {
  page: number;
  perPage: number;
  search?: string;
  sort?: { column: BaySortColumn; direction: 'asc' | 'desc' };
  filters?: { locationId?: string; status?: BayStatus[] };
}

/** `POST backend/bays/get` for a page of bays; rows carry their facility's name. */
async function getBays(params: BaysListParams): Promise<{ data: Bay[]; count: number }> {
  const search = params.search?.trim() || undefined;
  const status = params.filters?.status?.length ? params.filters.status : undefined;
  const filters = params.filters ? { locationId: params.filters.locationId, status } : undefined;
  return baysResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/bays/get', { ...params, search, filters }),
  );
}

const baysQueryOptions = (params: BaysListParams) =>
  queryOptions({
    queryKey: ['bays', 'list', params],
    queryFn: () => getBays(params),
    placeholderData: keepPreviousData,
  });

export function useBays(params: BaysListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...baysQueryOptions(params), enabled });
}
