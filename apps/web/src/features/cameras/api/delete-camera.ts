import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataResponse } from '@vaskedrift/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { locationCamerasQueryKey } from './get-cameras';

const deletedResponseSchema = dataResponse(z.object({ id: z.uuid() }));

/** `DELETE backend/locations/cameras/delete` (admins). */
async function deleteCamera({ id }: { id: string; locationId: string }): Promise<{ id: string }> {
  return deletedResponseSchema.parse(
    await apiRequest<unknown>('DELETE', 'backend/locations/cameras/delete', { id }),
  ).data;
}

export function useDeleteCamera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCamera,
    onSuccess: (_, { locationId }) =>
      queryClient.invalidateQueries({ queryKey: locationCamerasQueryKey(locationId) }),
  });
}
