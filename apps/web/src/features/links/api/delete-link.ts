import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataResponse } from '@vaskedrift/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { bayLinksQueryKey } from './get-links';

const deletedResponseSchema = dataResponse(z.object({ id: z.uuid() }));

/** `DELETE backend/bays/links/delete` (admins). */
async function deleteLink({ id }: { id: string; bayId: string }): Promise<{ id: string }> {
  return deletedResponseSchema.parse(await apiRequest<unknown>('DELETE', 'backend/bays/links/delete', { id }))
    .data;
}

export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLink,
    onSuccess: (_, { bayId }) => queryClient.invalidateQueries({ queryKey: bayLinksQueryKey(bayId) }),
  });
}
