import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Api } from '@vaskedrift/shared';
import { answerSchema } from '../answer-schema';
import { apiRequest } from '../api-client';

/*
 * One API connection, apart from the list (get-apis.ts): the route's title reads it from the app's first
 * file, which holds no zod (decision 040).
 */

export const apiQueryKey = (id: string) => ['apis', 'detail', id] as const;

const parseApi = answerSchema((schemas) => schemas.api);

/** `POST backend/apis/get` with `{id}`: one API connection (secrets only as `hasClientSecret`/`hasApiKey`). */
async function getApi(id: string): Promise<Api> {
  return (await parseApi(apiRequest<unknown>('POST', 'backend/apis/get', { id }))).data;
}

const apiQueryOptions = (id: string) =>
  queryOptions({ queryKey: apiQueryKey(id), queryFn: () => getApi(id), refetchInterval: 15_000 });

export function useApi(id: string) {
  return useQuery(apiQueryOptions(id));
}
