import { BAY_STATUS_CAUSES, type BayStatus } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { applyBayStatusChanges, publishStatusChanges, rederiveBays } from '../bays';
import { endJob, insertJob, type NewJob, statusAfterMaintenance } from './maintenance.repository';
import { recordJobEvent, reminderDelayMs } from './maintenance-reminders';

/*
 * The one way a job starts and ends (docs/domain.md, Maintenance), whether a user presses the button or a
 * plan's time comes: the same row, notification events, status change and bus events.
 */

type JobRow = NonNullable<Awaited<ReturnType<typeof insertJob>>>;
type AppliedStatusChange = Awaited<ReturnType<typeof applyBayStatusChanges>>[number];

/** Who did it: a user (with the request's IP), or the server on a plan's time (`userId` null). */
export type JobActor = { userId: string | null; ip: string | null };

export type JobStart = Omit<NewJob, 'bayId' | 'statusBefore' | 'nextReminderAt' | 'startedAt'> & {
  startedAt: Date;
};

/**
 * Inserts a job on a bay the caller has locked (`lockBay`, status as it was) and sets the bay to
 * `maintenance`, in the caller's transaction: a status period with cause `maintenance`, the
 * `maintenance.started` notification event, the first reminder a delay after the start. A second running
 * job on the bay hits `maintenance_jobs_running_key`.
 */
export async function startJobOnLockedBay(
  tx: Db,
  bay: { id: string; status: BayStatus },
  start: JobStart,
  changedBy: string | null,
): Promise<{ job: JobRow; applied: AppliedStatusChange[] }> {
  const job = await insertJob(tx, {
    ...start,
    bayId: bay.id,
    statusBefore: bay.status,
    nextReminderAt: new Date(start.startedAt.getTime() + reminderDelayMs(start)),
  });
  if (!job) throw new Error('maintenance job not inserted');
  await recordJobEvent(tx, job.id, 'maintenance.started', `maintenance_started:${job.id}`);
  const applied = await applyBayStatusChanges(tx, [
    { bayId: bay.id, status: 'maintenance', cause: BAY_STATUS_CAUSES.maintenance, changedBy },
  ]);
  return { job, applied };
}

/**
 * Ends a running job the caller has locked (`lockRunningJob` or a claim) and derives its bay's status again
 * at once from the attributes' latest levels; a bay without attributes returns to the status it had before
 * the job. `endedAt` defaults to the database's now (a plan's job ends at its expected end).
 */
export async function endLockedJob(
  tx: Db,
  job: { id: string; bayId: string; statusBefore: BayStatus },
  endedBy: string | null,
  endedAt?: Date,
): Promise<{ endedAt: Date; applied: AppliedStatusChange[] }> {
  const at = await endJob(tx, job.id, endedBy, endedAt);
  await recordJobEvent(tx, job.id, 'maintenance.ended', `maintenance_ended:${job.id}`);
  const applied = await rederiveBays(
    tx,
    [job.bayId],
    new Map([[job.bayId, statusAfterMaintenance(job.statusBefore)]]),
  );
  return { endedAt: at, applied };
}

const factsOf = (job: JobRow, locationId: string) => ({
  maintenanceId: job.id,
  bayId: job.bayId,
  locationId,
  type: job.type,
  assigneeId: job.assigneeId,
  notifyUsers: job.notifyUsers,
  planId: job.planId,
});

/** After the commit of a start: the bay's status change, then `maintenance.started`. */
export function publishJobStarted(
  bus: EventBus,
  done: { job: JobRow; applied: AppliedStatusChange[] },
  locationId: string,
  actor: JobActor,
): void {
  publishStatusChanges(bus, done.applied);
  bus.publish('maintenance.started', {
    userId: actor.userId,
    ip: actor.ip,
    ...factsOf(done.job, locationId),
    startedAt: done.job.startedAt,
    expiresAt: done.job.expiresAt,
  });
}

/** After the commit of an end: the bay's status change, then `maintenance.ended`. */
export function publishJobEnded(
  bus: EventBus,
  done: { job: JobRow; endedAt: Date; applied: AppliedStatusChange[] },
  locationId: string,
  actor: JobActor,
): void {
  publishStatusChanges(bus, done.applied);
  bus.publish('maintenance.ended', {
    userId: actor.userId,
    ip: actor.ip,
    ...factsOf(done.job, locationId),
    startedAt: done.job.startedAt,
    endedAt: done.endedAt,
  });
}
