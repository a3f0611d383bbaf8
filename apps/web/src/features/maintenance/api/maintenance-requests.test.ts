import { describe, expect, it } from 'vitest';
import { FIRST_READS } from '../../../lib/early-reads';
import {
  DASHBOARD_PLANS,
  DASHBOARD_RUNNING_JOBS,
  maintenancePlansRequest,
  runningMaintenanceRequest,
} from './maintenance-requests';

describe("the dashboard's maintenance card", () => {
  // The early reads are taken only for the very same bodies, written the same way (lib/early-reads.ts).
  it('makes the requests the sign-in page sends early', () => {
    expect(JSON.stringify(runningMaintenanceRequest(DASHBOARD_RUNNING_JOBS))).toBe(
      JSON.stringify(FIRST_READS.dashboardCards.runningMaintenance),
    );
    expect(JSON.stringify(maintenancePlansRequest(DASHBOARD_PLANS))).toBe(
      JSON.stringify(FIRST_READS.dashboardCards.plans),
    );
  });

  it("sends a plan list's scope as its filters", () => {
    expect(maintenancePlansRequest({ scope: { bayId: 'b1' }, page: 2, perPage: 10 }).body).toEqual({
      page: 2,
      perPage: 10,
      filters: { bayId: 'b1' },
    });
  });
});
