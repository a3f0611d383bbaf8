import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataResponse, type UserAccess, userAccessSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const accessResponseSchema = dataResponse(userAccessSchema);

export const userAccessQueryKey = (userId: string) => ['access', userId] as const;

/** `POST backend/users/access/get`: the facilities granted to one user, and whether they are an admin. */
async function getUserAccess(userId: string): Promise<UserAccess> {
  return accessResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/users/access/get', { userId }))
    .data;
}

const userAccessQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userAccessQueryKey(userId), queryFn: () => getUserAccess(userId) });

export function useUserAccess(userId: string) {
  return useQuery(userAccessQueryOptions(userId));
}
