import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Location, listResponse, locationSchema } from '@vaskedrift/shared';
import { apiRequest } from '../api-client';

const locationsResponseSchema = listResponse(locationSchema);

export type LocationSortColumn = 'name' | 'city' | 'createdAt' | 'bays';

export interface LocationsListParams {
  page: number;
  perPage: number;
  search?: string;
  sort?: { column: LocationSortColumn; direction: 'asc' | 'desc' };
  filters?: { isVisibleInDashboard?: boolean };
}

/** `POST backend/locations/get` for a page of facilities (search matches name, address and city). */
async function getLocations(params: LocationsListParams): Promise<{ data: Location[]; count: number }> {
  const search = params.search?.trim() || undefined;
  return locationsResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/locations/get', { ...params, search }),
  );
}

const locationsQueryOptions = (params: LocationsListParams) =>
  queryOptions({
    queryKey: ['locations', 'list', params],
    queryFn: () => getLocations(params),
    placeholderData: keepPreviousData,
  });

export function useLocations(params: LocationsListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...locationsQueryOptions(params), enabled });
}
