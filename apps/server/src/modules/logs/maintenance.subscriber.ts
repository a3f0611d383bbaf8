import { MAINTENANCE_LOG_TYPES as T } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { MaintenanceEvents } from '../../events/maintenance-events';
import { type LogEntries, subscribeLogEntries } from './mapped-entries';

/** How each maintenance event reads in the audit log; a new event fails `tsc` until it has a line here. */
const ENTRIES: LogEntries<MaintenanceEvents> = {
  'maintenance.started': {
    type: T.start,
    extra: (e) => ({ maintenanceType: e.type, assigneeId: e.assigneeId, expiresAt: e.expiresAt }),
  },
  'maintenance.changed': { type: T.update, extra: (e) => ({ fields: e.fields }) },
  'maintenance.ended': { type: T.end, extra: (e) => ({ startedAt: e.startedAt, endedAt: e.endedAt }) },
  'maintenance.overdue': { type: T.overdue, extra: (e) => ({ expiresAt: e.expiresAt }) },
};

/** Writes every start, change and end of a maintenance job with who did it, and when it ran past its end. */
export function subscribeMaintenanceLogs(bus: EventBus, db: Db): Array<() => void> {
  return subscribeLogEntries<keyof MaintenanceEvents>(bus, db, ENTRIES, (e) => ({
    resourceType: 'maintenance_jobs',
    resourceId: e.maintenanceId,
    extraData: { bayId: e.bayId, locationId: e.locationId },
  }));
}
