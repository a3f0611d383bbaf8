import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type RangeSearch, rangeKey, resolveRange } from '../range';

const STATISTICS_KEY = 'statistics';

/**
 * A statistics query over the page's period. The key holds the period's choice (a preset, or the custom
 * days), not instants, so a preset is not refetched on every render; it is refetched each minute, and
 * the previous figures stay on screen while another period loads.
 */
export function rangedQueryOptions<T>(
  name: string,
  params: Record<string, unknown>,
  search: RangeSearch,
  fetch: (range: { from: string; to: string }) => Promise<T>,
) {
  return queryOptions({
    queryKey: [STATISTICS_KEY, name, params, ...rangeKey(search)],
    queryFn: () => {
      const { from, to } = resolveRange(search);
      return fetch({ from: from.toISOString(), to: to.toISOString() });
    },
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
