import {
  BAY_MESSAGES,
  MAINTENANCE_MESSAGES,
  type MaintenanceJob,
  type StartMaintenanceInput,
  type UpdateMaintenanceInput,
} from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/violations';
import type { EventBus } from '../../events/bus';
import { type Clock, systemClock } from '../../lib/clock';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { Caller, Viewer } from '../../plugins/authenticate';
import { assertLocationVisible } from '../access';
import { lockBay, mustFindBay } from '../bays';
import {
  findJob,
  findRunningJob,
  type JobScope,
  listAssignees,
  listJobs,
  listRunningJobs,
  lockRunningJob,
  mayBeAssigned,
  type NewJob,
  updateJob,
} from './maintenance.repository';
import { endLockedJob, publishJobEnded, publishJobStarted, startJobOnLockedBay } from './maintenance-jobs';
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

async function mustFindJob(db: Db, viewer: Viewer, id: string): Promise<MaintenanceJob> {
  const job = await findJob(db, viewer, id);
  if (!job) throw new NotFoundError(BAY_MESSAGES.notFound);
  return job;
}

/** The facility a scope names, after checking the viewer sees it. */
async function locationOf(db: Db, viewer: Viewer, scope: Scope): Promise<string> {
  if (scope.bayId) return (await mustFindBay(db, viewer, scope.bayId)).locationId;
  const locationId = scope.locationId as string;
  await assertLocationVisible(db, viewer, locationId);
  return locationId;
}

async function assertAssignable(db: Db, assigneeId: string | null | undefined, locationId: string) {
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

type Deps = {
  db: Db;
  bus: EventBus;
  /** A job's start and first reminder, on the reminders' clock (decision 030). */
  clock?: Clock;
};

export function createMaintenanceService(deps: Deps) {
  return { ...createMaintenanceReads(deps.db), ...createMaintenanceWrites(deps) };
}

/** The running job, the history and who may be assigned, as the viewer sees them. */
function createMaintenanceReads(db: Db) {
  /** The running job of a bay, or null. */
  async function get(viewer: Viewer, bayId: string): Promise<{ data: MaintenanceJob | null }> {
    await mustFindBay(db, viewer, bayId);
    return { data: await findRunningJob(db, viewer, bayId) };
  }

  async function history(viewer: Viewer, input: Scope & { page: number; perPage: number }) {
    await locationOf(db, viewer, input);
    const scope: JobScope = input.bayId ? { bayId: input.bayId } : { locationId: input.locationId as string };
    return listJobs(db, viewer, scope, input);
  }

  /** Every running job the viewer may see, for the dashboard. */
  async function running(viewer: Viewer, page: { page: number; perPage: number }) {
    return listRunningJobs(db, viewer, page);
  }

  async function assignees(viewer: Viewer, scope: Scope) {
    return { data: await listAssignees(db, await locationOf(db, viewer, scope)) };
  }

  return { get, history, running, assignees };
}

/** Starting, changing and ending a job: the bay's status and the job's notifications follow. */
function createMaintenanceWrites({ db, bus, clock = systemClock }: Deps) {
  /**
   * Starts a job and sets the bay to `maintenance` in one transaction. Two concurrent starts on one bay
   * queue on the bay's row lock; the unique index on running jobs refuses the second.
   */
  async function start(caller: Caller, input: StartMaintenanceInput) {
    const bay = await mustFindBay(db, caller, input.bayId);
    await assertAssignable(db, input.assigneeId, bay.locationId);
    const startedAt = input.startedAt ? new Date(input.startedAt) : clock.now();
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    assertExpiresAfterStart(startedAt, expiresAt);
    const done = await db
      .transaction(async (tx) => {
        const locked = await lockBay(tx, bay.id);
        if (!locked) throw new NotFoundError(BAY_MESSAGES.notFound);
        return startJobOnLockedBay(
          tx,
          locked,
          {
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
          },
          caller.userId,
        );
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err, RUNNING_KEY)) throw new ConflictError(MAINTENANCE_MESSAGES.alreadyRunning);
        throw err;
      });
    publishJobStarted(bus, done, bay.locationId, caller);
    return { data: await mustFindJob(db, caller, done.job.id), message: MAINTENANCE_MESSAGES.started };
  }

  async function update(caller: Caller, input: UpdateMaintenanceInput) {
    const bay = await mustFindBay(db, caller, input.bayId);
    await assertAssignable(db, input.assigneeId, bay.locationId);
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
        const at = clock.now().getTime();
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
    return { data: await mustFindJob(db, caller, job.id), message: MAINTENANCE_MESSAGES.updated };
  }

  /**
   * 'Avslutt vedlikehold': ends the running job and derives the bay's status again at once from its
   * attributes' latest levels; a bay without attributes returns to the status it had before the job.
   */
  async function end(caller: Caller, bayId: string) {
    const bay = await mustFindBay(db, caller, bayId);
    const done = await db.transaction(async (tx) => {
      const running = await lockRunningJob(tx, bay.id);
      if (!running) throw new ConflictError(MAINTENANCE_MESSAGES.notRunning);
      return { job: running, ...(await endLockedJob(tx, running, caller.userId)) };
    });
    publishJobEnded(bus, done, bay.locationId, caller);
    return { data: await mustFindJob(db, caller, done.job.id), message: MAINTENANCE_MESSAGES.ended };
  }

  return { start, update, end };
}
