import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Alert, AlertState } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { usePollWhileDisconnected } from '../../../lib/realtime/realtime-state';

export interface AlertsListParams {
  page: number;
  perPage: number;
  filters: { locationId?: string; bayId?: string; state?: AlertState };
}

/**
 * `POST backend/alerts/get` for a page of alerts of the facilities the caller may see: open ones by level
 * (critical first) then age, resolved ones newest first. Read unparsed, as the dashboard's other first reads:
 * the server's serializer has checked the answer against the shared schema (decision 040).
 */
async function getAlerts(params: AlertsListParams): Promise<{ data: Alert[]; count: number }> {
  const sort =
    params.filters.state === 'resolved'
      ? { column: 'resolvedAt', direction: 'desc' }
      : { column: 'openedAt', direction: 'desc' };
  return apiRequest('POST', 'backend/alerts/get', { ...params, sort });
}

const alertsQueryOptions = (params: AlertsListParams) =>
  queryOptions({
    queryKey: ['alerts', 'list', params],
    queryFn: () => getAlerts(params),
    placeholderData: keepPreviousData,
  });

/** Alert events keep the lists current; polled every 10 s only while the live channel is down. */
export function useAlerts(params: AlertsListParams) {
  return useQuery({ ...alertsQueryOptions(params), refetchInterval: usePollWhileDisconnected(10_000) });
}
