import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { dataResponse } from '@vaskedrift/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { userQueryKey } from './get-user';

const deletedResponseSchema = dataResponse(z.object({ id: z.uuid() }));

/** `DELETE backend/users/delete` (admins; never oneself or someone above one's level). */
async function deleteUser(id: string): Promise<{ id: string }> {
  return deletedResponseSchema.parse(await apiRequest<unknown>('DELETE', 'backend/users/delete', { id }))
    .data;
}

/** The page that showed the user leaves first; then `forgetDeletedUser` drops the cached copy. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['groups'] }),
      ]);
    },
  });
}

export function forgetDeletedUser(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: userQueryKey(id) });
}
