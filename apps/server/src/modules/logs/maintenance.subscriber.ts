import { LOG_TYPES } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { MaintenanceJobEvents, MaintenancePlanEvents } from '../../events/maintenance-events';
import { type LogEntries, subscribeLogEntries } from './mapped-entries';

const P = LOG_TYPES.maintenancePlan;
const T = LOG_TYPES.maintenance;

/** How each maintenance event reads in the audit log; a new event fails `tsc` until it has a line here. */
const ENTRIES: LogEntries<MaintenanceJobEvents> = {
  'maintenance.started': {
    type: T.start,
    extra: (e) => ({
      maintenanceType: e.type,
      assigneeId: e.assigneeId,
      expiresAt: e.expiresAt,
      ...(e.planId ? { planId: e.planId } : {}),
    }),
  },
  'maintenance.changed': { type: T.update, extra: (e) => ({ fields: e.fields }) },
  'maintenance.ended': {
    type: T.end,
    extra: (e) => ({ startedAt: e.startedAt, endedAt: e.endedAt, ...(e.planId ? { planId: e.planId } : {}) }),
  },
  'maintenance.overdue': { type: T.overdue, extra: (e) => ({ expiresAt: e.expiresAt }) },
};

const PLAN_ENTRIES: LogEntries<MaintenancePlanEvents> = {
  'maintenance_plan.created': {
    type: P.create,
    extra: (e) => ({ repeat: e.repeat, nextStartAt: e.nextStartAt }),
  },
  'maintenance_plan.updated': {
    type: P.update,
    extra: (e) => ({ fields: e.fields, nextStartAt: e.nextStartAt }),
  },
  'maintenance_plan.deleted': { type: P.delete, extra: () => ({}) },
  'maintenance_plan.skipped': {
    type: P.skip,
    extra: (e) => ({ plannedStartAt: e.plannedStartAt, reason: e.reason }),
  },
};

/**
 * Writes every start, change and end of a maintenance job with who did it (the server, for a plan's), and
 * when it ran past its end; and every plan made, changed, deleted, and each occurrence it skipped.
 */
export function subscribeMaintenanceLogs(bus: EventBus, db: Db): Array<() => void> {
  return [
    ...subscribeLogEntries<keyof MaintenanceJobEvents>(bus, db, ENTRIES, (e) => ({
      resourceType: 'maintenance_jobs',
      resourceId: e.maintenanceId,
      extraData: { bayId: e.bayId, locationId: e.locationId },
    })),
    ...subscribeLogEntries<keyof MaintenancePlanEvents>(bus, db, PLAN_ENTRIES, (e) => ({
      resourceType: 'maintenance_plans',
      resourceId: e.planId,
      extraData: { bayId: e.bayId, locationId: e.locationId },
    })),
  ];
}
