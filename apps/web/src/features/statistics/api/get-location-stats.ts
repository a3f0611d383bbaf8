import { useQuery } from '@tanstack/react-query';
import { decodeLocationStats, type LocationStats, locationStatsResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import type { RangeSearch } from '../range';
import { rangedQueryOptions } from './ranged-query';

/**
 * `POST backend/locations/stats/get`: a facility's figures, its bays worst first and their timelines (sent in
 * columns, decoded here: decision 023).
 */
export function useLocationStats(locationId: string, search: RangeSearch) {
  return useQuery(
    rangedQueryOptions('location', { locationId }, search, async (range): Promise<LocationStats> => {
      const body = { locationId, ...range };
      return decodeLocationStats(
        locationStatsResponseSchema.parse(
          await apiRequest<unknown>('POST', 'backend/locations/stats/get', body),
        ).data,
      );
    }),
  );
}
