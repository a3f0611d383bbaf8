import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  DASHBOARD_REFRESH_MS,
  type Dashboard,
  type DashboardWire,
  decodeDashboard,
} from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { FIRST_READS } from '../../../lib/early-reads';
import { caughtUpTo } from '../../../lib/realtime/catch-up';
import { usePollWhileDisconnected } from '../../../lib/realtime/realtime-state';

const dashboardQueryKey = ['dashboard'] as const;

/**
 * `POST dashboard/get`: status counts and every facility shown on the dashboard that the user may see,
 * its bays sent in columns and held as `[id, name, status, statusChangedAtMs, muted]` tuples
 * (`decodeDashboard`; decision 021). The answer is not parsed here: the server's serializer has checked it
 * against the same shared schema (`dashboardWireSchema`) before sending it, and parsing it again needs zod,
 * which the first page's file does without (decision 040).
 */
async function getDashboard(): Promise<Dashboard> {
  const { data: wire } = await apiRequest<{ data: DashboardWire }>(
    'POST',
    FIRST_READS.dashboard.path,
    FIRST_READS.dashboard.body,
  );
  const data = decodeDashboard(wire);
  // Once this answer is in the cache, the live channel applies what changed since it was read.
  queueMicrotask(() => caughtUpTo(data.seq));
  return data;
}

/**
 * Polled every 30 s; while the live channel is connected its events keep it current instead (see
 * `useDashboard`). TanStack Query's structural sharing keeps every facility that did not change the same
 * object across refetches, so its card (memoised) is not rendered again.
 */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: getDashboard,
    refetchInterval: DASHBOARD_REFRESH_MS,
    staleTime: DASHBOARD_REFRESH_MS / 2,
    placeholderData: keepPreviousData,
  });

/** Polling is only the slow fallback while the live channel is down (lib/realtime). */
export function useDashboard() {
  return useQuery({
    ...dashboardQueryOptions(),
    refetchInterval: usePollWhileDisconnected(DASHBOARD_REFRESH_MS),
  });
}
