import { useQuery } from '@tanstack/react-query';
import { getReadingsResponseSchema, MAX_CHART_POINTS } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import type { RangeSearch } from '../range';
import { rangedQueryOptions } from './ranged-query';

/** `POST backend/bays/metrics/readings/get`: one attribute's values, at most 1,000 points. */
export function useReadings(bayMetricId: string, search: RangeSearch) {
  return useQuery(
    rangedQueryOptions('readings', { bayMetricId }, search, async (range) => {
      const body = { bayMetricId, maxPoints: MAX_CHART_POINTS, ...range };
      return getReadingsResponseSchema.parse(
        await apiRequest<unknown>('POST', 'backend/bays/metrics/readings/get', body),
      );
    }),
  );
}
