import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataResponse, type UserAccessChange, userAccessChangeSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { userAccessQueryKey } from './get-user-access';

const revokedResponseSchema = dataResponse(userAccessChangeSchema);

/** `DELETE backend/users/access/delete`: takes one facility away from one user (admins). */
async function deleteUserAccess(input: UserAccessChange) {
  return revokedResponseSchema.parse(
    await apiRequest<unknown>('DELETE', 'backend/users/access/delete', input),
  ).data;
}

export function useDeleteUserAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserAccess,
    onSuccess: (revoked) => queryClient.invalidateQueries({ queryKey: userAccessQueryKey(revoked.userId) }),
  });
}
