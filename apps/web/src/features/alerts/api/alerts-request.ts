import type { AlertState } from '@vaskedrift/shared';

export interface AlertsListParams {
  page: number;
  perPage: number;
  filters: { locationId?: string; bayId?: string; state?: AlertState };
}

/**
 * The request (`POST backend/alerts/get`) for a page of alerts of the facilities the caller may see: open ones by level
 * (critical first) then age, resolved ones newest first. Read unparsed, as the dashboard's other first reads:
 * the server's serializer has checked the answer against the shared schema (decision 040).
 */
export function alertsRequest(params: AlertsListParams) {
  const sort =
    params.filters.state === 'resolved'
      ? { column: 'resolvedAt', direction: 'desc' }
      : { column: 'openedAt', direction: 'desc' };
  return { path: 'backend/alerts/get', body: { ...params, sort } };
}

/** The dashboard's card of open alerts: the newest ones are enough, the facility's alert page lists them all. */
export const DASHBOARD_OPEN_ALERTS: AlertsListParams = { page: 1, perPage: 20, filters: { state: 'open' } };
