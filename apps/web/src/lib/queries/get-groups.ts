import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type GROUP_SORT_COLUMNS, groupSchema, listResponse } from '@vaskedrift/shared';
import { apiRequest } from '../api-client';

const groupsResponseSchema = listResponse(groupSchema);

export type GroupSortColumn = (typeof GROUP_SORT_COLUMNS)[number];

export interface GroupsListParams {
  page: number;
  perPage: number;
  search?: string;
  sort?: { column: GroupSortColumn; direction: 'asc' | 'desc' };
}

/** `POST backend/groups/get` for a page of groups, each with its member count. */
async function getGroups(params: GroupsListParams) {
  const search = params.search?.trim() || undefined;
  return groupsResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/groups/get', { ...params, search }),
  );
}

const groupsQueryOptions = (params: GroupsListParams) =>
  queryOptions({
    queryKey: ['groups', 'list', params],
    queryFn: () => getGroups(params),
    placeholderData: keepPreviousData,
  });

export function useGroups(params: GroupsListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...groupsQueryOptions(params), enabled });
}
