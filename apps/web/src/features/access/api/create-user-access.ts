import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataResponse, type UserAccessChange, userAccessGrantSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { userAccessQueryKey } from './get-user-access';

const grantResponseSchema = dataResponse(userAccessGrantSchema);

/** `POST backend/users/access/create`: grants one facility to one user (admins). */
async function createUserAccess(input: UserAccessChange) {
  return grantResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/users/access/create', input))
    .data;
}

export function useCreateUserAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserAccess,
    onSuccess: (grant) => queryClient.invalidateQueries({ queryKey: userAccessQueryKey(grant.userId) }),
  });
}
