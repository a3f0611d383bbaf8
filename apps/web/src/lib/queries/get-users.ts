import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listResponse, type UserSortColumn, userSchema } from '@vaskedrift/shared';
import { apiRequest } from '../api-client';

const usersResponseSchema = listResponse(userSchema);

export interface UsersListParams {
  page: number;
  perPage: number;
  search?: string;
  sort?: { column: UserSortColumn; direction: 'asc' | 'desc' };
}

/** `POST backend/users/get` for a page of users (admins only). */
async function getUsers(params: UsersListParams) {
  const search = params.search?.trim() || undefined;
  return usersResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/users/get', { ...params, search }),
  );
}

const usersQueryOptions = (params: UsersListParams) =>
  queryOptions({
    queryKey: ['users', 'list', params],
    queryFn: () => getUsers(params),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UsersListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(params), enabled });
}
