import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location } from '@vaskedrift/shared';
import { answerSchema } from '../../../lib/answer-schema';
import { apiRequest } from '../../../lib/api-client';

const parseLocation = answerSchema((schemas) => schemas.location);

export const locationQueryKey = (id: string) => ['locations', 'detail', id] as const;

/** `POST backend/locations/get` with `{id}`: one facility with its bay count and status summary. */
async function getLocation(id: string): Promise<Location> {
  return (await parseLocation(apiRequest<unknown>('POST', 'backend/locations/get', { id }))).data;
}

const locationQueryOptions = (id: string) =>
  queryOptions({ queryKey: locationQueryKey(id), queryFn: () => getLocation(id) });

export function useLocation(id: string) {
  return useQuery(locationQueryOptions(id));
}
