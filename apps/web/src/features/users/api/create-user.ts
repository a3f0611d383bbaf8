import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateUserInput, dataResponse, type User, userSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const userResponseSchema = dataResponse(userSchema);

/** `POST backend/users/create` (admins; never a role above one's own). */
async function createUser(input: CreateUserInput): Promise<User> {
  return userResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/users/create', input)).data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['groups'] }),
      ]);
    },
  });
}
