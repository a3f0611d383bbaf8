import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenancePlan } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { usePollWhileDisconnected } from '../../../lib/realtime/realtime-state';
import { MAINTENANCE_KEY } from './maintenance-keys';
import { type MaintenancePlansParams, maintenancePlansRequest } from './maintenance-requests';

/**
 * A page of plans, read unparsed as the dashboard's other first reads: the server's serializer has checked it
 * (decision 040).
 */
async function getMaintenancePlans(
  params: MaintenancePlansParams,
): Promise<{ data: MaintenancePlan[]; count: number }> {
  const { path, body } = maintenancePlansRequest(params);
  const answer = await apiRequest<{ data: MaintenancePlan } | { data: MaintenancePlan[]; count: number }>(
    'POST',
    path,
    body,
  );
  return 'count' in answer ? answer : { data: [answer.data], count: 1 };
}

export const maintenancePlansQueryOptions = (params: MaintenancePlansParams) =>
  queryOptions({
    queryKey: [MAINTENANCE_KEY, 'plans', params],
    queryFn: () => getMaintenancePlans(params),
    placeholderData: keepPreviousData,
  });

/** Plan events and the jobs they start keep it current; polled every 30 s only while the live channel is down. */
export function useMaintenancePlans(params: MaintenancePlansParams) {
  return useQuery({
    ...maintenancePlansQueryOptions(params),
    refetchInterval: usePollWhileDisconnected(30_000),
  });
}
