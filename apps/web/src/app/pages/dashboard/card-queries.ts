import { type QueryClient, useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { alertsQueryOptions, DASHBOARD_OPEN_ALERTS } from '../../../features/alerts';
import { runningMaintenanceCardQueries } from '../../../features/maintenance';

/**
 * The reads of the cards above the dashboard's tiles (open alerts, running and planned maintenance). The page
 * draws them and the tiles in one render, so that a card filling in a moment later does not push the tiles
 * down under a thumb; the route asks for them as it matches, and the sign-in page sends the same requests early
 * (`FIRST_READS.dashboardCards`, decision 040).
 */
const dashboardCardQueries = () =>
  [alertsQueryOptions(DASHBOARD_OPEN_ALERTS), ...runningMaintenanceCardQueries()] as const;

/** Asks for the cards' reads (not awaited): the page reads them from the cache. */
export function prefetchDashboardCards(queryClient: QueryClient): void {
  const [alerts, running, plans] = dashboardCardQueries();
  void queryClient.prefetchQuery(alerts);
  void queryClient.prefetchQuery(running);
  void queryClient.prefetchQuery(plans);
}

/**
 * How long after the dashboard's own answer the tiles wait for the cards above them: long enough for the
 * cards' reads, sent beside it, to come on a slow link; short enough that a slow card never hides the bays.
 */
const CARDS_AT_LATEST_MS = 1000;

/**
 * Whether the tiles still wait for the cards: for their first answers, not for a retry after a failure, a read
 * paused offline, or a card later than `CARDS_AT_LATEST_MS` after the dashboard's answer (`dashboardIn`).
 */
export function useCardsWaiting(dashboardIn: boolean): boolean {
  const waiting = useQueries({
    queries: dashboardCardQueries(),
    combine: (cards) =>
      cards.some((card) => card.isPending && card.fetchStatus === 'fetching' && card.failureCount === 0),
  });
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!dashboardIn || !waiting) return;
    const timer = setTimeout(() => setLate(true), CARDS_AT_LATEST_MS);
    return () => clearTimeout(timer);
  }, [dashboardIn, waiting]);
  return waiting && !late;
}
