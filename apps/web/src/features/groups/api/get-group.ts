import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupDetail } from '@vaskedrift/shared';
import { answerSchema } from '../../../lib/answer-schema';
import { apiRequest } from '../../../lib/api-client';

const parseGroup = answerSchema((schemas) => schemas.group);

export const groupQueryKey = (id: string) => ['groups', 'detail', id] as const;

/** `POST backend/groups/get` with `{id}`: one group with its members. */
async function getGroup(id: string): Promise<GroupDetail> {
  return (await parseGroup(apiRequest<unknown>('POST', 'backend/groups/get', { id }))).data;
}

const groupQueryOptions = (id: string) =>
  queryOptions({ queryKey: groupQueryKey(id), queryFn: () => getGroup(id) });

export function useGroup(id: string) {
  return useQuery(groupQueryOptions(id));
}
