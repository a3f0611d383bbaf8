import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataResponse, type Location, locationSchema, type UpdateLocationInput } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateLocationData } from '../../../lib/invalidate-location-data';
import { locationQueryKey } from './get-location';

const locationResponseSchema = dataResponse(locationSchema);

/** `PATCH backend/locations/update`: only the fields given change (`imageId: null` removes the picture). */
async function updateLocation(input: UpdateLocationInput): Promise<Location> {
  return locationResponseSchema.parse(await apiRequest<unknown>('PATCH', 'backend/locations/update', input))
    .data;
}

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocation,
    onSuccess: (location) => {
      queryClient.setQueryData(locationQueryKey(location.id), location);
      return invalidateLocationData(queryClient);
    },
  });
}
