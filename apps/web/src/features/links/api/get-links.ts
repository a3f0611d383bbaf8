import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Link, linkSchema, listResponse } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const linksResponseSchema = listResponse(linkSchema);

export const bayLinksQueryKey = (bayId: string) => ['links', 'bay', bayId] as const;

/** `POST backend/bays/links/get` with `{filters: {bayId}}`: all the bay's links, in order. */
async function getBayLinks(bayId: string): Promise<Link[]> {
  return linksResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/bays/links/get', { filters: { bayId } }),
  ).data;
}

const bayLinksQueryOptions = (bayId: string) =>
  queryOptions({ queryKey: bayLinksQueryKey(bayId), queryFn: () => getBayLinks(bayId) });

export function useBayLinks(bayId: string) {
  return useQuery(bayLinksQueryOptions(bayId));
}
