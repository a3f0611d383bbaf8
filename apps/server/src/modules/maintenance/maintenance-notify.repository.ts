import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bays, maintenanceJobs } from '../../db/schema';
import type { MaintenanceEventPayload } from '../notifications';
import { selectJobsWithPeople } from './maintenance.repository';

/** What a maintenance notification says about a job (notify/payloads.ts), read in the caller's transaction. */
export async function jobPayload(tx: Db, jobId: string): Promise<MaintenanceEventPayload | undefined> {
  const [row] = await selectJobsWithPeople(tx).where(eq(maintenanceJobs.id, jobId)).limit(1);
  if (!row) return undefined;
  const { job } = row;
  const custom = job.customAssignee;
  return {
    maintenanceId: job.id,
    locationId: row.locationId,
    locationName: row.locationName,
    bayId: job.bayId,
    bayName: row.bayName,
    type: job.type,
    assignee:
      row.assigneeName && row.assigneeEmail
        ? { name: row.assigneeName, email: row.assigneeEmail }
        : custom
          ? { name: custom.name, email: custom.email }
          : null,
    startedAt: job.startedAt.toISOString(),
    expiresAt: job.expiresAt?.toISOString() ?? null,
    endedAt: job.endedAt?.toISOString() ?? null,
    description: job.description,
    startedBy: row.enabledByName,
    endedBy: row.endedByName,
  };
}

/** A job's reminder delay as an interval. */
const delay = sql`make_interval(hours => ${maintenanceJobs.reminderHours}, mins => ${maintenanceJobs.reminderMinutes})`;

const dueColumns = {
  locationId: sql<string>`(select ${bays.locationId} from ${bays} where ${bays.id} = ${maintenanceJobs.bayId})`,
  id: maintenanceJobs.id,
  bayId: maintenanceJobs.bayId,
  type: maintenanceJobs.type,
  assigneeId: maintenanceJobs.assigneeId,
  notifyUsers: maintenanceJobs.notifyUsers,
  reminderHours: maintenanceJobs.reminderHours,
  reminderMinutes: maintenanceJobs.reminderMinutes,
  remindersSent: maintenanceJobs.remindersSent,
  expiresAt: maintenanceJobs.expiresAt,
};

export type DueJob = Pick<
  typeof maintenanceJobs.$inferSelect,
  | 'id'
  | 'bayId'
  | 'type'
  | 'assigneeId'
  | 'notifyUsers'
  | 'reminderHours'
  | 'reminderMinutes'
  | 'remindersSent'
  | 'expiresAt'
> & { locationId: string };

/** Running jobs whose next reminder is due at `now`, locked; another instance skips them (decision 009). */
export function claimDueReminders(tx: Db, now: Date, limit: number): Promise<DueJob[]> {
  return tx
    .select(dueColumns)
    .from(maintenanceJobs)
    .where(and(isNull(maintenanceJobs.endedAt), lte(maintenanceJobs.nextReminderAt, now)))
    .orderBy(asc(maintenanceJobs.nextReminderAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Running jobs past their planned end not yet told so, locked; not a plan's job, which the server ends at
 * that time instead (maintenance-plan-runner.ts).
 */
export function claimOverdueJobs(tx: Db, now: Date, limit: number): Promise<DueJob[]> {
  return tx
    .select(dueColumns)
    .from(maintenanceJobs)
    .where(
      and(
        isNull(maintenanceJobs.endedAt),
        isNull(maintenanceJobs.overdueNotifiedAt),
        eq(maintenanceJobs.endsAutomatically, false),
        lte(maintenanceJobs.expiresAt, now),
      ),
    )
    .orderBy(asc(maintenanceJobs.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Gives running jobs started before reminders were scheduled (upgraded from a version without them) their
 * first reminder: a delay after the start, so a job running long is reminded at the next pass.
 */
export async function scheduleUnscheduledReminders(db: Db): Promise<void> {
  await db
    .update(maintenanceJobs)
    .set({ nextReminderAt: sql`${maintenanceJobs.startedAt} + ${delay}` })
    .where(and(isNull(maintenanceJobs.endedAt), isNull(maintenanceJobs.nextReminderAt)));
}

/**
 * Brings a running job's next reminder that lies more than its delay after `now` — further than a reminder
 * ever sets it, so the clock has gone back since (decision 030) — to `now` plus the delay: the reminders
 * go on a delay after the jump instead of stopping until the clock catches up.
 */
export async function pullBackFutureReminders(db: Db, now: Date): Promise<void> {
  await db
    .update(maintenanceJobs)
    .set({ nextReminderAt: sql`${now.toISOString()}::timestamptz + ${delay}` })
    .where(
      and(
        isNull(maintenanceJobs.endedAt),
        gt(maintenanceJobs.nextReminderAt, now),
        sql`${maintenanceJobs.nextReminderAt} > ${now.toISOString()}::timestamptz + ${delay}`,
      ),
    );
}

export async function markReminded(tx: Db, jobId: string, sent: number, next: Date): Promise<void> {
  await tx
    .update(maintenanceJobs)
    .set({ remindersSent: sent, nextReminderAt: next })
    .where(eq(maintenanceJobs.id, jobId));
}

export async function markOverdueNotified(tx: Db, jobId: string, now: Date): Promise<void> {
  await tx.update(maintenanceJobs).set({ overdueNotifiedAt: now }).where(eq(maintenanceJobs.id, jobId));
}
