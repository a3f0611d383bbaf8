import { useQuery } from '@tanstack/react-query';
import { type ApiStats, apiStatsResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import type { RangeSearch } from '../range';
import { rangedQueryOptions } from './ranged-query';

/** `POST backend/apis/stats/get`: checks, success rate and latency per hour, failures by reason. */
export function useApiStats(apiId: string, search: RangeSearch) {
  return useQuery(
    rangedQueryOptions('api', { apiId }, search, async (range): Promise<ApiStats> => {
      const body = { apiId, ...range };
      return apiStatsResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/apis/stats/get', body))
        .data;
    }),
  );
}
