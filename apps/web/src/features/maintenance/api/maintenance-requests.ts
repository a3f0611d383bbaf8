/*
 * The maintenance reads' requests, without the API client: the dashboard's card reads them with its tiles and
 * the sign-in page sends the same requests early (lib/early-reads.ts, decision 040).
 */

export interface RunningMaintenanceParams {
  page: number;
  perPage: number;
}

/** A bay's or a facility's plans, or (neither) every plan the user may see. */
export type MaintenancePlanScope = { bayId: string } | { locationId: string } | Record<string, never>;
export type MaintenancePlansParams = { scope: MaintenancePlanScope; page: number; perPage: number };

/**
 * The request (`POST backend/bays/maintenance/running`) for running jobs on every bay the caller sees, overdue
 * first.
 */
export const runningMaintenanceRequest = (params: RunningMaintenanceParams) => ({
  path: 'backend/bays/maintenance/running',
  body: params,
});

/** The request (`POST backend/bays/maintenance/plans/get`) for a page of the plans still to come, the soonest first. */
export const maintenancePlansRequest = ({ scope, page, perPage }: MaintenancePlansParams) => ({
  path: 'backend/bays/maintenance/plans/get',
  body: { page, perPage, filters: scope },
});

/** The dashboard lists the first running jobs, overdue first; each bay's panel has the rest of the story. */
export const DASHBOARD_RUNNING_JOBS: RunningMaintenanceParams = { page: 1, perPage: 20 };

/** The plans the dashboard lists, the soonest first. */
export const DASHBOARD_PLANS: MaintenancePlansParams = { scope: {}, page: 1, perPage: 5 };
