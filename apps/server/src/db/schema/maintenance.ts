import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BAY_STATUSES, bays } from './locations';
import { users } from './users';

/** A person outside Vaskedrift doing the work (docs/domain.md, Maintenance). */
export type CustomAssignee = { name: string; email: string; phone: string };

/**
 * Maintenance jobs on bays, running (`endedAt` null) and finished, kept as history for downtime figures.
 * At most one running job per bay, enforced by a unique partial index so concurrent starts cannot both win.
 */
export const maintenanceJobs = pgTable(
  'maintenance_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bayId: uuid('bay_id')
      .notNull()
      .references(() => bays.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['service', 'longtermservice'] }).notNull(),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    customAssignee: jsonb('custom_assignee').$type<CustomAssignee>(),
    description: text('description').notNull().default(''),
    notifyUsers: boolean('notify_users').notNull().default(false),
    reminderHours: integer('reminder_hours').notNull(),
    reminderMinutes: integer('reminder_minutes').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    enabledBy: uuid('enabled_by').references(() => users.id, { onDelete: 'set null' }),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
    /** The bay's status when the job started: what a bay without attributes returns to at the end. */
    statusBefore: text('status_before', { enum: BAY_STATUSES }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the next reminder is due while the job runs; claimed like the checks (decision 009). */
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
    remindersSent: integer('reminders_sent').notNull().default(0),
    /** When the one "overdue" reminder was recorded (past `expiresAt`). */
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('maintenance_jobs_running_key').on(t.bayId).where(sql`${t.endedAt} is null`),
    index('maintenance_jobs_bay_idx').on(t.bayId, t.startedAt),
    index('maintenance_jobs_reminder_idx').on(t.nextReminderAt).where(sql`${t.endedAt} is null`),
    check('maintenance_jobs_type_check', sql`${t.type} in ('service', 'longtermservice')`),
    check('maintenance_jobs_reminder_check', sql`${t.reminderHours} * 60 + ${t.reminderMinutes} > 0`),
  ],
);
