import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataResponse } from '@vaskedrift/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { invalidateLocationData } from '../../../lib/invalidate-location-data';

const deletedResponseSchema = dataResponse(z.object({ id: z.uuid() }));

/** `DELETE backend/locations/delete` (admins): soft, the facility and its bays vanish everywhere. */
async function deleteLocation(id: string): Promise<{ id: string }> {
  return deletedResponseSchema.parse(await apiRequest<unknown>('DELETE', 'backend/locations/delete', { id }))
    .data;
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    // Not awaited: the page leaves for the list at once, and the lists refetch behind it.
    onSuccess: ({ id }) => void invalidateLocationData(queryClient, id),
  });
}
