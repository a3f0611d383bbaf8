import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataSourceListResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

export const DATA_SOURCES_KEY = ['data-sources'] as const;

/** `GET backend/data/get-all`: every uploaded Markdown file, newest first, without its text (admins). */
async function getDataSources() {
  return dataSourceListResponseSchema.parse(await apiRequest<unknown>('GET', 'backend/data/get-all'));
}

export function useDataSources() {
  return useQuery(queryOptions({ queryKey: [...DATA_SOURCES_KEY, 'list'], queryFn: getDataSources }));
}
