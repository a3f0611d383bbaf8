import type { MaintenanceType } from '@vaskedrift/shared';
import type { Actor } from './actor';

/** What notifications and the log need of a job; the full job is read again by whoever needs more. */
type JobEvent = Actor & {
  maintenanceId: string;
  bayId: string;
  locationId: string;
  type: MaintenanceType;
  assigneeId: string | null;
  notifyUsers: boolean;
};

/** Maintenance jobs (docs/domain.md, Maintenance), published after the transaction commits. */
export type MaintenanceEvents = {
  'maintenance.started': JobEvent & { startedAt: Date; expiresAt: Date | null };
  /** `fields`: the names of the fields changed, never their values. */
  'maintenance.changed': JobEvent & { fields: string[] };
  'maintenance.ended': JobEvent & { startedAt: Date; endedAt: Date };
  /** A running job passed its planned end; published by the reminder worker, so nobody did it. */
  'maintenance.overdue': Omit<JobEvent, 'userId'> & { userId: null; expiresAt: Date };
};
