import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataResponse, type UpdateUserInput, type User, userSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { userQueryKey } from './get-user';

const userResponseSchema = dataResponse(userSchema);

/** `PATCH backend/users/update`: only the fields given change. */
async function updateUser(input: UpdateUserInput): Promise<User> {
  return userResponseSchema.parse(await apiRequest<unknown>('PATCH', 'backend/users/update', input)).data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryKey(user.id), user);
      // Lists, the user's own view row and group member lists may all show what changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['groups'] }),
      ]);
    },
  });
}
