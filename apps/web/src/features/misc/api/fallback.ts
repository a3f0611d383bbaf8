import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataResponse, type Fallback, fallbackSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const fallbackResponseSchema = dataResponse(fallbackSchema);

/** GET misc/fallback: the service's status, version and kind of database. */
export async function getFallback(): Promise<Fallback> {
  return fallbackResponseSchema.parse(await apiRequest<unknown>('GET', 'misc/fallback')).data;
}

export const fallbackQueryOptions = () =>
  queryOptions({ queryKey: ['misc', 'fallback'], queryFn: getFallback, refetchInterval: 60_000 });

export function useFallback() {
  return useQuery(fallbackQueryOptions());
}
