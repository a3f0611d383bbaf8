import type { QueryClient } from '@tanstack/react-query';
import { alertsQueryOptions, DASHBOARD_OPEN_ALERTS } from '../../../features/alerts';
import { runningMaintenanceCardQueries } from '../../../features/maintenance';

/**
 * The reads of the cards above the dashboard's tiles (open alerts, running and planned maintenance). The page
 * draws them and the tiles in one render, so that a card filling in a moment later does not push the tiles
 * down under a thumb; the route asks for them as it matches, and the sign-in page sends the same requests early
 * (`FIRST_READS.dashboardCards`, decision 040).
 */
export const dashboardCardQueries = () =>
  [alertsQueryOptions(DASHBOARD_OPEN_ALERTS), ...runningMaintenanceCardQueries()] as const;

/** Asks for the cards' reads (not awaited): the page reads them from the cache. */
export function prefetchDashboardCards(queryClient: QueryClient): void {
  const [alerts, running, plans] = dashboardCardQueries();
  void queryClient.prefetchQuery(alerts);
  void queryClient.prefetchQuery(running);
  void queryClient.prefetchQuery(plans);
}
