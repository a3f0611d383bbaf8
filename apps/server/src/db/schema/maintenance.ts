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
 * The fields of a maintenance job, which a plan also holds to give each job it starts: the same columns in
 * both tables (a function: each table needs columns of its own).
 */
const jobFields = () => ({
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
});

/**
 * Planned maintenance (docs/domain.md, Maintenance: planned maintenance; decision 018): the job fields it
 * gives each job it starts, its rule (first start and expected end, read on the Oslo clock; how it repeats)
 * and its next occurrence, materialized: `next_start_at` is what the plans loop claims (SKIP LOCKED),
 * null once the plan has no occurrence left.
 */
export const maintenancePlans = pgTable(
  'maintenance_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...jobFields(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    repeatKind: text('repeat_kind', { enum: ['none', 'days', 'weeks'] })
      .notNull()
      .default('none'),
    repeatEvery: integer('repeat_every').notNull().default(1),
    /** ISO weekdays (1 Monday … 7 Sunday) of a weekly plan, sorted; empty otherwise. */
    repeatWeekdays: integer('repeat_weekdays').array().notNull().default(sql`'{}'::integer[]`),
    nextStartAt: timestamp('next_start_at', { withTimezone: true }),
    nextEndAt: timestamp('next_end_at', { withTimezone: true }),
    /** The planned start of the last occurrence started or skipped: the next one comes after it. */
    lastStartAt: timestamp('last_start_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('maintenance_plans_due_idx').on(t.nextStartAt).where(sql`${t.nextStartAt} is not null`),
    index('maintenance_plans_bay_idx').on(t.bayId),
    check('maintenance_plans_type_check', sql`${t.type} in ('service', 'longtermservice')`),
    check('maintenance_plans_reminder_check', sql`${t.reminderHours} * 60 + ${t.reminderMinutes} > 0`),
    check('maintenance_plans_repeat_check', sql`${t.repeatKind} in ('none', 'days', 'weeks')`),
    check('maintenance_plans_every_check', sql`${t.repeatEvery} between 1 and 365`),
    check(
      'maintenance_plans_weekdays_check',
      sql`(${t.repeatKind} = 'weeks') = (cardinality(${t.repeatWeekdays}) > 0) and ${t.repeatWeekdays} <@ '{1,2,3,4,5,6,7}'::integer[]`,
    ),
    check('maintenance_plans_end_check', sql`${t.repeatKind} = 'none' or ${t.endsAt} is not null`),
  ],
);

/**
 * Maintenance jobs on bays, running (`endedAt` null) and finished, kept as history for downtime figures.
 * At most one running job per bay, enforced by a unique partial index so concurrent starts cannot both win.
 */
export const maintenanceJobs = pgTable(
  'maintenance_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...jobFields(),
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
    /** The plan that started the job; null for one started by hand (or whose plan was deleted since). */
    planId: uuid('plan_id').references(() => maintenancePlans.id, { onDelete: 'set null' }),
    /** The occurrence's planned start: one job per occurrence of a plan, by the unique index below. */
    plannedStartAt: timestamp('planned_start_at', { withTimezone: true }),
    /** Ended by the server at `expires_at` (a planned job), instead of an "overdue" reminder. */
    endsAutomatically: boolean('ends_automatically').notNull().default(false),
  },
  (t) => [
    uniqueIndex('maintenance_jobs_running_key').on(t.bayId).where(sql`${t.endedAt} is null`),
    index('maintenance_jobs_bay_idx').on(t.bayId, t.startedAt),
    index('maintenance_jobs_reminder_idx').on(t.nextReminderAt).where(sql`${t.endedAt} is null`),
    uniqueIndex('maintenance_jobs_occurrence_key').on(t.planId, t.plannedStartAt),
    index('maintenance_jobs_auto_end_idx')
      .on(t.expiresAt)
      .where(sql`${t.endedAt} is null and ${t.endsAutomatically}`),
    check('maintenance_jobs_type_check', sql`${t.type} in ('service', 'longtermservice')`),
    check('maintenance_jobs_reminder_check', sql`${t.reminderHours} * 60 + ${t.reminderMinutes} > 0`),
  ],
);
