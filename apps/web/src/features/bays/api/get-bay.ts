import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bay } from '@vaskedrift/shared';
import { answerSchema } from '../../../lib/answer-schema';
import { apiRequest } from '../../../lib/api-client';

const parseBay = answerSchema((schemas) => schemas.bay);

export const bayQueryKey = (id: string) => ['bays', 'detail', id] as const;

/** `POST backend/bays/get` with `{id}`. */
async function getBay(id: string): Promise<Bay> {
  return (await parseBay(apiRequest<unknown>('POST', 'backend/bays/get', { id }))).data;
}

const bayQueryOptions = (id: string) =>
  queryOptions({ queryKey: bayQueryKey(id), queryFn: () => getBay(id) });

export function useBay(id: string) {
  return useQuery(bayQueryOptions(id));
}
