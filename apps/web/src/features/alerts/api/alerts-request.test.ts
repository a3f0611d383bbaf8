import { describe, expect, it } from 'vitest';
import { FIRST_READS } from '../../../lib/early-reads';
import { alertsRequest, DASHBOARD_OPEN_ALERTS } from './alerts-request';

describe('the dashboard card of open alerts', () => {
  // The early read is taken only for the very same body, written the same way (lib/early-reads.ts).
  it('makes the request the sign-in page sends early', () => {
    expect(JSON.stringify(alertsRequest(DASHBOARD_OPEN_ALERTS))).toBe(
      JSON.stringify(FIRST_READS.dashboardCards.openAlerts),
    );
  });

  it('sorts open alerts by their opening and resolved ones by their resolution', () => {
    expect(alertsRequest({ page: 1, perPage: 5, filters: { state: 'resolved' } }).body.sort).toEqual({
      column: 'resolvedAt',
      direction: 'desc',
    });
    expect(alertsRequest({ page: 1, perPage: 5, filters: {} }).body.sort.column).toBe('openedAt');
  });
});
