import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_REFRESH_MS, type Dashboard, dashboardSchema, dataResponse } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const dashboardResponseSchema = dataResponse(dashboardSchema);

export const dashboardQueryKey = ['dashboard'] as const;

/**
 * `POST dashboard/get`: status counts and every facility shown on the dashboard that the user may see,
 * with its bays as `[id, name, status, statusChangedAtMs]` tuples (10,000 bays ≈ 800 KB).
 */
export async function getDashboard(): Promise<Dashboard> {
  return dashboardResponseSchema.parse(await apiRequest<unknown>('POST', 'dashboard/get', {})).data;
}

/**
 * Polled every 30 s until realtime arrives. TanStack Query's structural sharing keeps every facility that
 * did not change the same object across refetches, so its card (memoised) is not rendered again.
 */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: getDashboard,
    refetchInterval: DASHBOARD_REFRESH_MS,
    staleTime: DASHBOARD_REFRESH_MS / 2,
    placeholderData: keepPreviousData,
  });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
