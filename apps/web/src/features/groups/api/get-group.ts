import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataResponse, type GroupDetail, groupDetailSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const groupResponseSchema = dataResponse(groupDetailSchema);

export const groupQueryKey = (id: string) => ['groups', 'detail', id] as const;

/** `POST backend/groups/get` with `{id}`: one group with its members. */
async function getGroup(id: string): Promise<GroupDetail> {
  return groupResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/groups/get', { id })).data;
}

const groupQueryOptions = (id: string) =>
  queryOptions({ queryKey: groupQueryKey(id), queryFn: () => getGroup(id) });

export function useGroup(id: string) {
  return useQuery(groupQueryOptions(id));
}
