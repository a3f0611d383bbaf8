import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataResponse, type User, userSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const userResponseSchema = dataResponse(userSchema);

export const userQueryKey = (id: string) => ['users', 'detail', id] as const;

/** `POST backend/users/get` with `{id}`: one user (yourself, or anyone for an admin). */
async function getUser(id: string): Promise<User> {
  return userResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/users/get', { id })).data;
}

const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: userQueryKey(id), queryFn: () => getUser(id) });

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
