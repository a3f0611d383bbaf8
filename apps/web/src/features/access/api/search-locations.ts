import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getLocationsResponseSchema, type Location } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

/** How many facilities the picker lists for one search; the user narrows it by typing. */
const LOCATION_PICKER_SIZE = 20;

/**
 * `POST backend/locations/get` for the facility picker on the access page: the first matches of a
 * search, by name. (The facilities pages keep their own list query; this one only feeds the picker.)
 */
async function searchLocations(search: string): Promise<Location[]> {
  const body = await apiRequest<unknown>('POST', 'backend/locations/get', {
    page: 1,
    perPage: LOCATION_PICKER_SIZE,
    search: search.trim() || undefined,
    sort: { column: 'name', direction: 'asc' },
  });
  const parsed = getLocationsResponseSchema.parse(body);
  return Array.isArray(parsed.data) ? parsed.data : [parsed.data];
}

const locationSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['locations', 'picker', search.trim()],
    queryFn: () => searchLocations(search),
    placeholderData: keepPreviousData,
  });

export function useLocationSearch(search: string, enabled: boolean) {
  return useQuery({ ...locationSearchQueryOptions(search), enabled });
}
