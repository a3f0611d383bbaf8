import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type LocationLogFilters, locationLogsResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

export interface LocationLogsParams {
  locationId: string;
  page: number;
  perPage: number;
  search?: string;
  filters?: LocationLogFilters;
}

/** `POST backend/locations/logs/get`: a page of the facility's changes and failed checks, newest first. */
async function getLocationLogs(params: LocationLogsParams) {
  const search = params.search?.trim() || undefined;
  return locationLogsResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/locations/logs/get', { ...params, search }),
  );
}

const locationLogsQueryOptions = (params: LocationLogsParams) =>
  queryOptions({
    queryKey: ['locations', 'logs', params],
    queryFn: () => getLocationLogs(params),
    placeholderData: keepPreviousData,
  });

export function useLocationLogs(params: LocationLogsParams) {
  return useQuery(locationLogsQueryOptions(params));
}
