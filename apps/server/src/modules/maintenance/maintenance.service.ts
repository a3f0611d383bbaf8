import {
  BAY_MESSAGES,
  BAY_STATUS_CAUSES,
  MAINTENANCE_MESSAGES,
  type MaintenanceJob,
  type StartMaintenanceInput,
  type UpdateMaintenanceInput,
} from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/violations';
import type { EventBus } from '../../events/bus';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { Caller, Viewer } from '../../plugins/authenticate';
import { assertLocationVisible } from '../access';
import { findBay, lockBay } from '../bays';
import { applyBayStatusChanges, publishStatusChanges, rederiveBays } from '../engine';
import {
  endJob,
  findJob,
  findRunningJob,
  insertJob,
  type JobScope,
  listAssignees,
  listJobs,
  listRunningJobs,
  lockRunningJob,
  mayBeAssigned,
  type NewJob,
  statusAfterMaintenance,
  updateJob,
} from './maintenance.repository';
import { recordJobEvent, reminderDelayMs } from './maintenance-reminders';

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
type Scope = { bayId?: string; locationId?: string };
type JobRow = NonNullable<Awaited<ReturnType<typeof lockRunningJob>>>;

const RUNNING_KEY = 'maintenance_jobs_running_key';

/** Whether `set` gives the job to another person (a user, or a custom person's address). */
function assigneeChanged(running: JobRow, set: Partial<NewJob>): boolean {
  if (set.assigneeId && set.assigneeId !== running.assigneeId) return true;
  const email = set.customAssignee?.email;
  return email !== undefined && email.toLowerCase() !== running.customAssignee?.email.toLowerCase();
}

export function createMaintenanceService({ db, bus }: { db: Db; bus: EventBus }) {
  /** 404 for a bay one may not see, exactly as for one that does not exist (docs/domain.md, Roles and access). */
  async function mustFindBay(viewer: Viewer, bayId: string) {
    const bay = await findBay(db, viewer, bayId);
    if (!bay) throw new NotFoundError(BAY_MESSAGES.notFound);
    return bay;
  }

  async function mustFindJob(viewer: Viewer, id: string): Promise<MaintenanceJob> {
    const job = await findJob(db, viewer, id);
    if (!job) throw new NotFoundError(BAY_MESSAGES.notFound);
    return job;
  }

  /** The facility a scope names, after checking the viewer sees it. */
  async function locationOf(viewer: Viewer, scope: Scope): Promise<string> {
    if (scope.bayId) return (await mustFindBay(viewer, scope.bayId)).locationId;
    const locationId = scope.locationId as string;
    await assertLocationVisible(db, viewer, locationId);
    return locationId;
  }

  async function assertAssignable(assigneeId: string | null | undefined, locationId: string) {
    if (assigneeId && !(await mayBeAssigned(db, assigneeId, locationId))) {
      throw new ValidationError(MAINTENANCE_MESSAGES.assigneeNoAccess, [
        { path: 'assigneeId', message: MAINTENANCE_MESSAGES.assigneeNoAccess },
      ]);
    }
  }

  function assertExpiresAfterStart(startedAt: Date, expiresAt: Date | null) {
    if (expiresAt && expiresAt <= startedAt) {
      throw new ValidationError(MAINTENANCE_MESSAGES.expiresBeforeStart, [
        { path: 'expiresAt', message: MAINTENANCE_MESSAGES.expiresBeforeStart },
      ]);
    }
  }

  function eventOf(caller: Caller, job: JobRow, locationId: string) {
    return {
      userId: caller.userId,
      ip: caller.ip,
      maintenanceId: job.id,
      bayId: job.bayId,
      locationId,
      type: job.type,
      assigneeId: job.assigneeId,
      notifyUsers: job.notifyUsers,
    };
  }

  /** The running job of a bay, or null. */
  async function get(viewer: Viewer, bayId: string): Promise<{ data: MaintenanceJob | null }> {
    await mustFindBay(viewer, bayId);
    return { data: await findRunningJob(db, viewer, bayId) };
  }

  async function history(viewer: Viewer, input: Scope & { page: number; perPage: number }) {
    await locationOf(viewer, input);
    const scope: JobScope = input.bayId ? { bayId: input.bayId } : { locationId: input.locationId as string };
    return listJobs(db, viewer, scope, input);
  }

  /** Every running job the viewer may see, for the dashboard. */
  async function running(viewer: Viewer, page: { page: number; perPage: number }) {
    return listRunningJobs(db, viewer, page);
  }

  async function assignees(viewer: Viewer, scope: Scope) {
    return { data: await listAssignees(db, await locationOf(viewer, scope)) };
  }

  /**
   * Starts a job and sets the bay to `maintenance` in one transaction. Two concurrent starts on one bay
   * queue on the bay's row lock; the unique index on running jobs refuses the second.
   */
  async function start(caller: Caller, input: StartMaintenanceInput) {
    const bay = await mustFindBay(caller, input.bayId);
    await assertAssignable(input.assigneeId, bay.locationId);
    const startedAt = input.startedAt ? new Date(input.startedAt) : new Date();
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    assertExpiresAfterStart(startedAt, expiresAt);
    const done = await db
      .transaction(async (tx) => {
        const locked = await lockBay(tx, bay.id);
        if (!locked) throw new NotFoundError(BAY_MESSAGES.notFound);
        const job = await insertJob(tx, {
          bayId: bay.id,
          type: input.type,
          assigneeId: input.assigneeId ?? null,
          customAssignee: input.customAssignee ?? null,
          description: input.description,
          notifyUsers: input.notifyUsers,
          reminderHours: input.reminderHours,
          reminderMinutes: input.reminderMinutes,
          startedAt,
          expiresAt,
          enabledBy: caller.userId,
          statusBefore: locked.status,
          nextReminderAt: new Date(startedAt.getTime() + reminderDelayMs(input)),
        });
        if (!job) throw new Error('maintenance job not inserted');
        await recordJobEvent(tx, job.id, 'maintenance.started', `maintenance_started:${job.id}`);
        const applied = await applyBayStatusChanges(tx, [
          {
            bayId: bay.id,
            status: 'maintenance',
            cause: BAY_STATUS_CAUSES.maintenance,
            changedBy: caller.userId,
          },
        ]);
        return { job, applied };
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err, RUNNING_KEY)) throw new ConflictError(MAINTENANCE_MESSAGES.alreadyRunning);
        throw err;
      });
    publishStatusChanges(bus, done.applied);
    bus.publish('maintenance.started', {
      ...eventOf(caller, done.job, bay.locationId),
      startedAt: done.job.startedAt,
      expiresAt: done.job.expiresAt,
    });
    return { data: await mustFindJob(caller, done.job.id), message: MAINTENANCE_MESSAGES.started };
  }

  async function update(caller: Caller, input: UpdateMaintenanceInput) {
    const bay = await mustFindBay(caller, input.bayId);
    await assertAssignable(input.assigneeId, bay.locationId);
    const { bayId: _bayId, expiresAt, ...rest } = input;
    const set: Partial<NewJob> = {};
    for (const [field, value] of Object.entries(rest)) {
      if (value !== undefined) Object.assign(set, { [field]: value });
    }
    if (input.assigneeId) set.customAssignee = null;
    if (input.customAssignee) set.assigneeId = null;
    if (expiresAt !== undefined) set.expiresAt = expiresAt === null ? null : new Date(expiresAt);
    const job = await db.transaction(async (tx) => {
      const running = await lockRunningJob(tx, bay.id);
      if (!running) throw new ConflictError(MAINTENANCE_MESSAGES.notRunning);
      if (set.expiresAt) assertExpiresAfterStart(running.startedAt, set.expiresAt);
      const assignee = { ...running, ...set };
      if (!assignee.assigneeId && !assignee.customAssignee) {
        throw new ValidationError(MAINTENANCE_MESSAGES.assigneeRequired, [
          { path: 'assigneeId', message: MAINTENANCE_MESSAGES.assigneeRequired },
        ]);
      }
      // A new delay counts from the start, as if it had been the delay all along.
      const delay = set.reminderHours !== undefined || set.reminderMinutes !== undefined;
      const nextReminderAt = delay
        ? new Date(
            running.startedAt.getTime() +
              reminderDelayMs({ ...running, ...set }) * (running.remindersSent + 1),
          )
        : running.nextReminderAt;
      await updateJob(tx, running.id, { ...set, nextReminderAt });
      // The new assignee is told the job is theirs, as the first one was at the start.
      if (assigneeChanged(running, set)) {
        const at = Date.now();
        await recordJobEvent(
          tx,
          running.id,
          'maintenance.assigned',
          `maintenance_assigned:${running.id}:${at}`,
        );
      }
      return { ...running, ...set } as JobRow;
    });
    const fields = Object.keys(set).sort();
    if (fields.length > 0)
      bus.publish('maintenance.changed', { ...eventOf(caller, job, bay.locationId), fields });
    return { data: await mustFindJob(caller, job.id), message: MAINTENANCE_MESSAGES.updated };
  }

  /**
   * 'Avslutt vedlikehold': ends the running job and derives the bay's status again at once from its
   * attributes' latest levels; a bay without attributes returns to the status it had before the job.
   */
  async function end(caller: Caller, bayId: string) {
    const bay = await mustFindBay(caller, bayId);
    const done = await db.transaction(async (tx) => {
      const running = await lockRunningJob(tx, bay.id);
      if (!running) throw new ConflictError(MAINTENANCE_MESSAGES.notRunning);
      const endedAt = await endJob(tx, running.id, caller.userId);
      await recordJobEvent(tx, running.id, 'maintenance.ended', `maintenance_ended:${running.id}`);
      const applied = await rederiveBays(
        tx,
        [bay.id],
        new Map([[bay.id, statusAfterMaintenance(running.statusBefore)]]),
      );
      return { job: running, endedAt, applied };
    });
    publishStatusChanges(bus, done.applied);
    bus.publish('maintenance.ended', {
      ...eventOf(caller, done.job, bay.locationId),
      startedAt: done.job.startedAt,
      endedAt: done.endedAt,
    });
    return { data: await mustFindJob(caller, done.job.id), message: MAINTENANCE_MESSAGES.ended };
  }

  return { get, history, running, assignees, start, update, end };
}
