import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataResponse } from '@vaskedrift/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { invalidateLocationData } from '../../../lib/invalidate-location-data';

const deletedResponseSchema = dataResponse(z.object({ id: z.uuid() }));

/** `DELETE backend/bays/delete` (admins). */
async function deleteBay(id: string): Promise<{ id: string }> {
  return deletedResponseSchema.parse(await apiRequest<unknown>('DELETE', 'backend/bays/delete', { id })).data;
}

export function useDeleteBay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBay,
    // Not awaited: the page leaves at once, and what showed the bay refetches behind it.
    onSuccess: ({ id }) => void invalidateLocationData(queryClient, id),
  });
}
