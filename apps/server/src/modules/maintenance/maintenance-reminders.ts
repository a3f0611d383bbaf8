import { NOTIFICATION_EVENT_TYPES, type NotificationTag } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { type Clock, systemClock } from '../../lib/clock';
import { createPoller, recordNotificationEvents } from '../notifications';
import {
  claimDueReminders,
  claimOverdueJobs,
  type DueJob,
  jobPayload,
  markOverdueNotified,
  markReminded,
  pullBackFutureReminders,
  scheduleUnscheduledReminders,
} from './maintenance-notify.repository';

type JobEventType =
  | 'maintenance.started'
  | 'maintenance.assigned'
  | 'maintenance.reminder'
  | 'maintenance.overdue'
  | 'maintenance.ended';

const REMINDER_POLL_MS = 15_000;
const REMINDER_BATCH = 100;

/** The job's reminder delay in milliseconds (hours + minutes, more than zero by the table's check). */
export const reminderDelayMs = (job: { reminderHours: number; reminderMinutes: number }) =>
  (job.reminderHours * 60 + job.reminderMinutes) * 60_000;

/**
 * Records a notification event about a job in the caller's transaction (docs/decisions/019-notifications.md):
 * once per `dedupeKey`, never suppressed (the job is why the bay is in maintenance).
 */
export async function recordJobEvent(
  tx: Db,
  jobId: string,
  type: JobEventType,
  dedupeKey: string,
  extra: { reminderNumber?: number } = {},
): Promise<void> {
  const payload = await jobPayload(tx, jobId);
  if (!payload) return;
  await recordNotificationEvents(tx, [
    {
      type,
      tag: NOTIFICATION_EVENT_TYPES[type] as NotificationTag,
      dedupeKey,
      locationIds: [payload.locationId],
      bayIds: [payload.bayId],
      maintenanceId: jobId,
      payload: { ...payload, ...extra },
      suppressible: false,
    },
  ]);
}

type Deps = {
  db: Db;
  bus: EventBus;
  log: Pick<Logger, 'error'>;
  onRecorded: () => void;
  /** The clock reminders are due by (decision 030); tests pass `now` to `runDue` or a clock they move. */
  clock?: Clock;
};

/**
 * Reminds of running jobs (docs/domain.md, Maintenance): when a job's `next_reminder_at` has come, one
 * `maintenance.reminder` (`reminder:<job>:<n>`), and the next one a full delay after `now`, so a server
 * that was down (or a clock put forward) sends one, not a burst; a next reminder more than a delay ahead
 * (a clock put back) is brought to a delay from `now`, so they never stop for long; a job past
 * `expires_at` gets one `maintenance.overdue`. Jobs are claimed with SKIP LOCKED and each batch commits
 * with its events, so two instances never remind twice.
 */
export function createMaintenanceReminders({ db, bus, log, onRecorded, clock = systemClock }: Deps) {
  async function remind(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await claimDueReminders(tx, now, REMINDER_BATCH);
      for (const job of due) {
        const n = job.remindersSent + 1;
        await recordJobEvent(tx, job.id, 'maintenance.reminder', `reminder:${job.id}:${n}`, {
          reminderNumber: n,
        });
        await markReminded(tx, job.id, n, new Date(now.getTime() + reminderDelayMs(job)));
      }
      return due.length;
    });
  }

  async function overdue(now: Date): Promise<DueJob[]> {
    return db.transaction(async (tx) => {
      const jobs = await claimOverdueJobs(tx, now, REMINDER_BATCH);
      for (const job of jobs) {
        await recordJobEvent(tx, job.id, 'maintenance.overdue', `overdue:${job.id}`);
        await markOverdueNotified(tx, job.id, now);
      }
      return jobs;
    });
  }

  /** Records every reminder and overdue notice due at `now`; returns how many. */
  async function runDue(now = clock.now()): Promise<{ reminders: number; overdue: number }> {
    await scheduleUnscheduledReminders(db);
    await pullBackFutureReminders(db, now);
    let reminders = 0;
    for (;;) {
      const batch = await remind(now);
      reminders += batch;
      if (batch < REMINDER_BATCH) break;
    }
    const late = await overdue(now);
    for (const job of late) {
      bus.publish('maintenance.overdue', {
        maintenanceId: job.id,
        bayId: job.bayId,
        locationId: job.locationId,
        type: job.type,
        userId: null,
        ip: null,
        assigneeId: job.assigneeId,
        notifyUsers: job.notifyUsers,
        expiresAt: job.expiresAt ?? now,
      });
    }
    if (reminders + late.length > 0) onRecorded();
    return { reminders, overdue: late.length };
  }

  const poller = createPoller({
    pass: () => runDue(),
    intervalMs: REMINDER_POLL_MS,
    onError: (err) => log.error({ err }, 'vedlikeholdspåminnelser feilet (databasen?); prøver igjen'),
  });
  return { runDue, start: poller.start, stop: poller.stop };
}
