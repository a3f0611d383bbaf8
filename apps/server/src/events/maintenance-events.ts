import type { MaintenanceType, PlanRepeatKind, PlanSkipReason } from '@vaskedrift/shared';
import type { Actor } from './actor';

/** What notifications and the log need of a job; the full job is read again by whoever needs more. */
type JobFacts = {
  maintenanceId: string;
  bayId: string;
  locationId: string;
  type: MaintenanceType;
  assigneeId: string | null;
  notifyUsers: boolean;
};
type JobEvent = Actor & JobFacts;
/** A start or end by a user, or by the server on a plan's time (`userId` null, `planId` set). */
type StartOrEnd = Omit<Actor, 'userId'> & { userId: string | null } & JobFacts & { planId: string | null };

type PlanEvent = Actor & { planId: string; bayId: string; locationId: string };

/** Maintenance jobs (docs/domain.md, Maintenance), published after the transaction commits. */
export type MaintenanceJobEvents = {
  'maintenance.started': StartOrEnd & { startedAt: Date; expiresAt: Date | null };
  /** `fields`: the names of the fields changed, never their values. */
  'maintenance.changed': JobEvent & { fields: string[] };
  'maintenance.ended': StartOrEnd & { startedAt: Date; endedAt: Date };
  /** A running job passed its planned end; published by the reminder worker, so nobody did it. */
  'maintenance.overdue': Omit<JobEvent, 'userId'> & { userId: null; expiresAt: Date };
};

/** Maintenance plans (docs/domain.md, Maintenance: planned maintenance), published after the commit. */
export type MaintenancePlanEvents = {
  'maintenance_plan.created': PlanEvent & { repeat: PlanRepeatKind; nextStartAt: Date | null };
  'maintenance_plan.updated': PlanEvent & { fields: string[]; nextStartAt: Date | null };
  'maintenance_plan.deleted': PlanEvent;
  /** An occurrence that started no job: the bay was in maintenance already, or its window had passed. */
  'maintenance_plan.skipped': Omit<PlanEvent, 'userId' | 'ip'> & {
    userId: null;
    ip: null;
    plannedStartAt: Date;
    reason: PlanSkipReason;
  };
};

export type MaintenanceEvents = MaintenanceJobEvents & MaintenancePlanEvents;
