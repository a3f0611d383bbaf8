import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Alert } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { usePollWhileDisconnected } from '../../../lib/realtime/realtime-state';
import { type AlertsListParams, alertsRequest } from './alerts-request';

async function getAlerts(params: AlertsListParams): Promise<{ data: Alert[]; count: number }> {
  const { path, body } = alertsRequest(params);
  return apiRequest('POST', path, body);
}

export const alertsQueryOptions = (params: AlertsListParams) =>
  queryOptions({
    queryKey: ['alerts', 'list', params],
    queryFn: () => getAlerts(params),
    placeholderData: keepPreviousData,
  });

/** Alert events keep the lists current; polled every 10 s only while the live channel is down. */
export function useAlerts(params: AlertsListParams) {
  return useQuery({ ...alertsQueryOptions(params), refetchInterval: usePollWhileDisconnected(10_000) });
}
