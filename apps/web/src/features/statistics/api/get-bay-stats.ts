import { useQuery } from '@tanstack/react-query';
import {
  type BayStats,
  bayStatsResponseSchema,
  decodeBayStats,
  type StatisticsBucket,
} from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import type { RangeSearch } from '../range';
import { rangedQueryOptions } from './ranged-query';

/**
 * `POST backend/bays/stats/get`: a bay's figures, timeline (sent in columns, decoded here: decision 023),
 * availability per bucket, alerts and jobs.
 */
export function useBayStats(bayId: string, search: RangeSearch, bucket?: StatisticsBucket) {
  return useQuery(
    rangedQueryOptions('bay', { bayId, bucket }, search, async (range): Promise<BayStats> => {
      const body = { bayId, bucket, ...range };
      return decodeBayStats(
        bayStatsResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/bays/stats/get', body)).data,
      );
    }),
  );
}
