import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dataSearchResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { DATA_SOURCES_KEY } from './get-data-sources';

/** `POST backend/data/search`: full-text search with the Norwegian stemmer, hits marked in each excerpt. */
async function searchDataSources(query: string) {
  return dataSearchResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/data/search', { query }));
}

/** Searches once the query has text; an empty query asks nothing. */
export function useDataSourceSearch(query: string) {
  const trimmed = query.trim();
  return useQuery({
    queryKey: [...DATA_SOURCES_KEY, 'search', trimmed],
    queryFn: () => searchDataSources(trimmed),
    enabled: trimmed !== '',
    placeholderData: keepPreviousData,
  });
}
