import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenancePlan } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { usePollWhileDisconnected } from '../../../lib/realtime/realtime-state';
import { MAINTENANCE_KEY } from './maintenance-keys';

/** A bay's or a facility's plans, or (neither) every plan the user may see. */
export type MaintenancePlanScope = { bayId: string } | { locationId: string } | Record<string, never>;
export type MaintenancePlansParams = { scope: MaintenancePlanScope; page: number; perPage: number };

/**
 * `POST backend/bays/maintenance/plans/get`: a page of the plans still to come, the soonest first. Read
 * unparsed, as the dashboard's other first reads: the server's serializer has checked it (decision 040).
 */
async function getMaintenancePlans({
  scope,
  page,
  perPage,
}: MaintenancePlansParams): Promise<{ data: MaintenancePlan[]; count: number }> {
  const answer = await apiRequest<{ data: MaintenancePlan } | { data: MaintenancePlan[]; count: number }>(
    'POST',
    'backend/bays/maintenance/plans/get',
    { page, perPage, filters: scope },
  );
  return 'count' in answer ? answer : { data: [answer.data], count: 1 };
}

const maintenancePlansQueryOptions = (params: MaintenancePlansParams) =>
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
