import { z } from 'zod';
import { idSchema, listRequest } from './api';
import { oneOrListResponse, timestampSchema } from './fields';
import {
  checkAssignee,
  checkReminder,
  isoTime,
  jobDescriptionSchema,
  jobFields,
  MAINTENANCE_MESSAGES,
  maintenanceWorkFields,
  personRefSchema,
} from './maintenance';
import { shortestGapDays, WEEKDAYS, wallMinutesBetween } from './maintenance-recurrence';

/*
 * Planned maintenance (docs/domain.md, Maintenance: planned maintenance; decision 018): a plan starts a
 * job on its bay at each occurrence and ends it at the occurrence's expected end.
 */

export const PLAN_REPEAT_KINDS = ['none', 'days', 'weeks'] as const;
export type PlanRepeatKind = (typeof PLAN_REPEAT_KINDS)[number];

const MAX_REPEAT_DAYS = 365;
const MAX_REPEAT_WEEKS = 52;
/** A start this far back is still taken (the form was filled in around the minute it names). */
export const PLAN_START_GRACE_MS = 5 * 60_000;

export const MAINTENANCE_PLAN_MESSAGES = {
  startRequired: 'Velg når vedlikeholdet starter',
  startInPast: 'Start kan ikke være tilbake i tid',
  endRequired: 'Gjentatt vedlikehold må ha forventet slutt',
  repeatInvalid: 'Velg hvordan vedlikeholdet gjentas',
  everyDaysInvalid: `Oppgi et helt antall dager fra 1 til ${MAX_REPEAT_DAYS}`,
  everyWeeksInvalid: `Oppgi et helt antall uker fra 1 til ${MAX_REPEAT_WEEKS}`,
  weekdaysRequired: 'Velg minst én ukedag',
  tooLong: 'Vedlikeholdet må være ferdig før det starter neste gang',
  notFound: 'Fant ikke planen',
  created: 'Vedlikehold planlagt',
  updated: 'Planen er oppdatert',
  deleted: 'Planen er slettet',
} as const;

const weekdaySchema = z
  .number({ error: MAINTENANCE_PLAN_MESSAGES.weekdaysRequired })
  .int(MAINTENANCE_PLAN_MESSAGES.weekdaysRequired)
  .min(1, MAINTENANCE_PLAN_MESSAGES.weekdaysRequired)
  .max(7, MAINTENANCE_PLAN_MESSAGES.weekdaysRequired);

const every = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(max, message);

/**
 * How a plan repeats: once, every N days, or on given weekdays of every N-th week (ISO: 1 Monday; the
 * server keeps them sorted, each once).
 */
export const planRepeatSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('none') }),
    z.object({
      kind: z.literal('days'),
      every: every(MAX_REPEAT_DAYS, MAINTENANCE_PLAN_MESSAGES.everyDaysInvalid),
    }),
    z.object({
      kind: z.literal('weeks'),
      every: every(MAX_REPEAT_WEEKS, MAINTENANCE_PLAN_MESSAGES.everyWeeksInvalid),
      weekdays: z
        .array(weekdaySchema, { error: MAINTENANCE_PLAN_MESSAGES.weekdaysRequired })
        .min(1, MAINTENANCE_PLAN_MESSAGES.weekdaysRequired)
        .max(WEEKDAYS.length, MAINTENANCE_PLAN_MESSAGES.weekdaysRequired),
    }),
  ],
  { error: MAINTENANCE_PLAN_MESSAGES.repeatInvalid },
);
export type PlanRepeat = z.infer<typeof planRepeatSchema>;

type RuleFields = { startsAt?: string; endsAt?: string | null; repeat?: PlanRepeat };
export type PlanIssue = { path: string; message: string };

/**
 * What is wrong with a plan's times, the same on both sides: the end after the start, an end for a plan
 * that repeats, and an occurrence short enough to end before the next one starts (on the Oslo clock). Not
 * the start in the past: that takes the caller's clock (`planStartIssue`).
 */
export function planRuleIssues({ startsAt, endsAt, repeat }: RuleFields): PlanIssue[] {
  if (!startsAt) return [];
  const start = new Date(startsAt);
  const end = endsAt ? new Date(endsAt) : null;
  if (end && end <= start) return [{ path: 'endsAt', message: MAINTENANCE_MESSAGES.expiresBeforeStart }];
  if (!repeat || repeat.kind === 'none') return [];
  if (!end) return [{ path: 'endsAt', message: MAINTENANCE_PLAN_MESSAGES.endRequired }];
  const gapDays = shortestGapDays(repeat);
  // A gap of none: `every` is itself refused, and one message is enough.
  if (gapDays !== null && gapDays > 0 && wallMinutesBetween(start, end) >= gapDays * 24 * 60) {
    return [{ path: 'endsAt', message: MAINTENANCE_PLAN_MESSAGES.tooLong }];
  }
  return [];
}

/** A start before `now` (less a few minutes' grace) is refused. */
export function planStartIssue(startsAt: string, now: Date): PlanIssue | null {
  return Date.parse(startsAt) < now.getTime() - PLAN_START_GRACE_MS
    ? { path: 'startsAt', message: MAINTENANCE_PLAN_MESSAGES.startInPast }
    : null;
}

function addIssues(issues: PlanIssue[], ctx: z.RefinementCtx) {
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
}

const startsAtSchema = z.iso.datetime({ offset: true, error: MAINTENANCE_PLAN_MESSAGES.startRequired });

/** The job fields a plan gives each job it starts (as `…/maintenance/start`, without `expiresAt`). */
const planJobFields = {
  type: jobFields.type,
  assigneeId: jobFields.assigneeId,
  customAssignee: jobFields.customAssignee,
  description: jobFields.description,
  notifyUsers: jobFields.notifyUsers,
  reminderHours: jobFields.reminderHours,
  reminderMinutes: jobFields.reminderMinutes,
};

/**
 * `POST backend/bays/maintenance/plans/create`: a job planned on a bay from `startsAt` (its date, time of
 * day and, for weeks, the week counted from, in Norwegian time) to `endsAt` (optional for a plan that does
 * not repeat), repeating as `repeat` says.
 */
export const createMaintenancePlanSchema = z
  .object({
    bayId: idSchema,
    startsAt: startsAtSchema,
    endsAt: isoTime.nullish(),
    repeat: planRepeatSchema.default({ kind: 'none' }),
    ...planJobFields,
  })
  .superRefine((value, ctx) => {
    checkAssignee(value, ctx, true);
    checkReminder(value, ctx);
    addIssues(planRuleIssues(value), ctx);
  });
export type CreateMaintenancePlanInput = z.infer<typeof createMaintenancePlanSchema>;

/**
 * `PATCH backend/bays/maintenance/plans/update`: only the fields sent; the times are checked together with
 * the plan's stored ones by the server. The next occurrence is worked out again; a job already started
 * by the plan is not changed (that is `…/maintenance/update`).
 */
export const updateMaintenancePlanSchema = z
  .object({
    id: idSchema,
    startsAt: startsAtSchema.optional(),
    endsAt: isoTime.nullish(),
    repeat: planRepeatSchema.optional(),
    type: planJobFields.type.optional(),
    assigneeId: planJobFields.assigneeId,
    customAssignee: planJobFields.customAssignee,
    description: jobDescriptionSchema.optional(),
    notifyUsers: z.boolean().optional(),
    reminderHours: planJobFields.reminderHours.optional(),
    reminderMinutes: planJobFields.reminderMinutes.optional(),
  })
  .superRefine((value, ctx) => {
    checkAssignee(value, ctx, false);
    checkReminder(value, ctx);
    if (value.startsAt && value.endsAt !== undefined && value.repeat) addIssues(planRuleIssues(value), ctx);
  });
export type UpdateMaintenancePlanInput = z.infer<typeof updateMaintenancePlanSchema>;

/**
 * `POST backend/bays/maintenance/plans/get`: `{id}` for one plan (a finished one too), otherwise a page of
 * the plans still to come on live bays the caller sees, of a bay, a facility or all, the soonest first.
 */
export const getMaintenancePlansSchema = listRequest(
  z.object({ bayId: idSchema.optional(), locationId: idSchema.optional() }),
).extend({ id: idSchema.optional() });
export type GetMaintenancePlansInput = z.input<typeof getMaintenancePlansSchema>;

const maintenancePlanSchema = z.object({
  ...maintenanceWorkFields,
  /** The first occurrence's start and expected end, as planned. */
  startsAt: timestampSchema,
  endsAt: timestampSchema.nullable(),
  repeat: planRepeatSchema,
  /** The next occurrence (its job not started yet); null once the plan has none left. */
  nextStartAt: timestampSchema.nullable(),
  nextEndAt: timestampSchema.nullable(),
  createdBy: personRefSchema.nullable(),
  createdAt: timestampSchema,
});
export type MaintenancePlan = z.infer<typeof maintenancePlanSchema>;

export const getMaintenancePlansResponseSchema = oneOrListResponse(maintenancePlanSchema);
export const maintenancePlanMessageResponseSchema = z.object({
  data: maintenancePlanSchema,
  message: z.string(),
});
export const deleteMaintenancePlanResponseSchema = z.object({ message: z.string() });

/** Why an occurrence started no job (audit log, `bays/maintenance/plans/skip`). */
const PLAN_SKIP_REASONS = ['running', 'missed'] as const;
export type PlanSkipReason = (typeof PLAN_SKIP_REASONS)[number];
