import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { dataResponse } from '@vaskedrift/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { groupQueryKey } from './get-group';

const deletedResponseSchema = dataResponse(z.object({ id: z.uuid() }));

/** `DELETE backend/groups/delete`: refused with 'Gruppen er i bruk' while the group has members. */
async function deleteGroup(id: string): Promise<{ id: string }> {
  return deletedResponseSchema.parse(await apiRequest<unknown>('DELETE', 'backend/groups/delete', { id }))
    .data;
}

/** The page that showed the group leaves first; then `forgetDeletedGroup` drops the cached copy. */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups', 'list'] }),
  });
}

export function forgetDeletedGroup(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: groupQueryKey(id) });
}
