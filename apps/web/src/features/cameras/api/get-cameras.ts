import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Camera, cameraSchema, listResponse, MAX_ITEMS_PER_PAGE } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const camerasResponseSchema = listResponse(cameraSchema);

/**
 * The signed snapshot URLs live 15 minutes; the list is fetched again every 5, so an <img> never holds
 * an expired one.
 */
const CAMERAS_REFRESH_MS = 5 * 60_000;

export const locationCamerasQueryKey = (locationId: string) => ['cameras', 'location', locationId] as const;

/** `POST backend/locations/cameras/get` for the cameras of one facility, by sort order. */
async function getLocationCameras(locationId: string): Promise<Camera[]> {
  return camerasResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/locations/cameras/get', {
      page: 1,
      perPage: MAX_ITEMS_PER_PAGE,
      sort: { column: 'sortOrder', direction: 'asc' },
      filters: { locationId },
    }),
  ).data;
}

const locationCamerasQueryOptions = (locationId: string) =>
  queryOptions({
    queryKey: locationCamerasQueryKey(locationId),
    queryFn: () => getLocationCameras(locationId),
    staleTime: CAMERAS_REFRESH_MS,
    refetchInterval: CAMERAS_REFRESH_MS,
  });

export function useLocationCameras(locationId: string) {
  return useQuery(locationCamerasQueryOptions(locationId));
}
