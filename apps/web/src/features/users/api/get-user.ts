import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@vaskedrift/shared';
import { answerSchema } from '../../../lib/answer-schema';
import { apiRequest } from '../../../lib/api-client';

const parseUser = answerSchema((schemas) => schemas.user);

export const userQueryKey = (id: string) => ['users', 'detail', id] as const;

/** `POST backend/users/get` with `{id}`: one user (yourself, or anyone for an admin). */
async function getUser(id: string): Promise<User> {
  return (await parseUser(apiRequest<unknown>('POST', 'backend/users/get', { id }))).data;
}

const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: userQueryKey(id), queryFn: () => getUser(id) });

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
