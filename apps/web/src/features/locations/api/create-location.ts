import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateLocationInput, dataResponse, type Location, locationSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateLocationData } from '../../../lib/invalidate-location-data';

const locationResponseSchema = dataResponse(locationSchema);

/** `POST backend/locations/create` (admins). */
async function createLocation(input: CreateLocationInput): Promise<Location> {
  return locationResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/locations/create', input))
    .data;
}

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLocation,
    onSuccess: () => invalidateLocationData(queryClient),
  });
}
