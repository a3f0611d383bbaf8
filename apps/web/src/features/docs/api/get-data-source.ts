import { useQuery } from '@tanstack/react-query';
import { dataSourceResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { DATA_SOURCES_KEY } from './get-data-sources';

/** `POST backend/data/get`: one uploaded file with its text. */
async function getDataSource(id: string) {
  return dataSourceResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/data/get', { id })).data;
}

export function useDataSource(id: string | null) {
  return useQuery({
    queryKey: [...DATA_SOURCES_KEY, 'one', id],
    queryFn: () => getDataSource(id ?? ''),
    enabled: id !== null,
  });
}
