import type { QueryClient } from '@tanstack/react-query';

const LOCATION_KEYS: readonly string[] = ['locations', 'bays', 'links', 'cameras', 'dashboard'];

/**
 * A change to a facility or a bay shows in many places: facility lists (bay counts, status summary),
 * bay lists (facility name), cameras (facility name) and the dashboard. They are all refetched, except
 * the one that was just deleted (`deletedId`): its page is being left and would only fetch a 404.
 */
export function invalidateLocationData(queryClient: QueryClient, deletedId?: string): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [root, , id] = query.queryKey;
      if (typeof root !== 'string' || !LOCATION_KEYS.includes(root)) return false;
      return deletedId === undefined || id !== deletedId;
    },
  });
}
