import { z } from 'zod';
import { dataResponse, idSchema, listQuerySchema, listResponse } from './api';
import { timestampSchema } from './fields';
import { personNameSchema } from './users';
import { emailSchema, isPhoneNumber, MESSAGES } from './validation';

/** docs/domain.md, Maintenance. */
export const MAINTENANCE_TYPES = ['service', 'longtermservice'] as const;
export type MaintenanceType = (typeof MAINTENANCE_TYPES)[number];

export const MAINTENANCE_MESSAGES = {
  assigneeRequired: 'Du må velge en bruker',
  assigneeBoth: 'Velg enten en bruker eller en egen person, ikke begge',
  assigneeNoAccess: 'Brukeren har ikke tilgang til anlegget',
  phoneRequired: 'Telefonnummer er påkrevd',
  reminderRequired: 'Påminnelse må settes',
  typeInvalid: 'Velg type vedlikehold',
  expiresBeforeStart: 'Forventet slutt må være etter start',
  rangeInvalid: 'Fra må være før til',
  alreadyRunning: 'Vaskehallen er allerede i vedlikehold',
  notRunning: 'Vaskehallen er ikke i vedlikehold',
  started: 'Vedlikehold startet',
  updated: 'Vedlikeholdet er oppdatert',
  ended: 'Vedlikehold avsluttet',
  scopeRequired: 'Oppgi vaskehall eller anlegg',
} as const;

export const isoTime = z.iso.datetime({ offset: true, error: 'Ugyldig tidspunkt' });

const customAssigneeSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  phone: z
    .string({ error: MAINTENANCE_MESSAGES.phoneRequired })
    .trim()
    .min(1, MAINTENANCE_MESSAGES.phoneRequired)
    .refine(isPhoneNumber, MESSAGES.phoneInvalid),
});
type CustomAssignee = z.infer<typeof customAssigneeSchema>;

export const jobDescriptionSchema = z
  .string()
  .trim()
  .max(2000, 'Beskrivelsen kan ikke være lenger enn 2000 tegn');

const reminderPart = z
  .number({ error: MAINTENANCE_MESSAGES.reminderRequired })
  .int(MAINTENANCE_MESSAGES.reminderRequired)
  .min(0, MAINTENANCE_MESSAGES.reminderRequired);

/** The fields a job's owner sets (and a plan's, for the jobs it starts); `enabledBy` is the caller's. */
export const jobFields = {
  type: z.enum(MAINTENANCE_TYPES, { error: MAINTENANCE_MESSAGES.typeInvalid }),
  assigneeId: idSchema.nullish(),
  customAssignee: customAssigneeSchema.nullish(),
  expiresAt: isoTime.nullish(),
  description: jobDescriptionSchema.default(''),
  notifyUsers: z.boolean().default(false),
  reminderHours: reminderPart.max(24 * 365, MAINTENANCE_MESSAGES.reminderRequired),
  reminderMinutes: reminderPart.max(59, 'Minutter må være mellom 0 og 59'),
};

type AssigneeFields = { assigneeId?: string | null; customAssignee?: CustomAssignee | null };
type ReminderFields = { reminderHours?: number; reminderMinutes?: number };

export function checkAssignee(value: AssigneeFields, ctx: z.RefinementCtx, required: boolean) {
  if (value.assigneeId && value.customAssignee) {
    ctx.addIssue({ code: 'custom', path: ['assigneeId'], message: MAINTENANCE_MESSAGES.assigneeBoth });
  } else if (required && !value.assigneeId && !value.customAssignee) {
    ctx.addIssue({ code: 'custom', path: ['assigneeId'], message: MAINTENANCE_MESSAGES.assigneeRequired });
  }
}

/** Hours and minutes go together and must add up to more than nothing. */
export function checkReminder(value: ReminderFields, ctx: z.RefinementCtx) {
  const given = [value.reminderHours, value.reminderMinutes].filter((part) => part !== undefined).length;
  if (given === 0) return;
  if (given === 1 || (value.reminderHours ?? 0) + (value.reminderMinutes ?? 0) <= 0) {
    ctx.addIssue({ code: 'custom', path: ['reminderHours'], message: MAINTENANCE_MESSAGES.reminderRequired });
  }
}

/** `POST backend/bays/maintenance/start`. `startedAt` defaults to now. */
export const startMaintenanceSchema = z
  .object({ bayId: idSchema, startedAt: isoTime.optional(), ...jobFields })
  .superRefine((value, ctx) => {
    checkAssignee(value, ctx, true);
    checkReminder(value, ctx);
  });
export type StartMaintenanceInput = z.infer<typeof startMaintenanceSchema>;

/**
 * `PATCH backend/bays/maintenance/update`: the running job of `bayId`, only the fields sent. Choosing a
 * user clears a custom person and the other way round; hours and minutes are sent together.
 */
export const updateMaintenanceSchema = z
  .object({
    bayId: idSchema,
    type: jobFields.type.optional(),
    assigneeId: jobFields.assigneeId,
    customAssignee: jobFields.customAssignee,
    expiresAt: jobFields.expiresAt,
    description: jobDescriptionSchema.optional(),
    notifyUsers: z.boolean().optional(),
    reminderHours: jobFields.reminderHours.optional(),
    reminderMinutes: jobFields.reminderMinutes.optional(),
  })
  .superRefine((value, ctx) => {
    checkAssignee(value, ctx, false);
    checkReminder(value, ctx);
  });
export type UpdateMaintenanceInput = z.infer<typeof updateMaintenanceSchema>;

/** `POST backend/bays/maintenance/get` (the running job or null) and `…/end`: `{bayId}`. */
export const bayMaintenanceSchema = z.object({ bayId: idSchema });

/** A bay or a whole facility, for history, figures and the assignee picker. */
const scopeFields = { bayId: idSchema.optional(), locationId: idSchema.optional() };
function checkScope(value: { bayId?: string; locationId?: string }, ctx: z.RefinementCtx) {
  if ((value.bayId === undefined) === (value.locationId === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['bayId'], message: MAINTENANCE_MESSAGES.scopeRequired });
  }
}

/** `POST backend/bays/maintenance/history`: a page of a bay's or a facility's jobs, newest first. */
export const maintenanceHistorySchema = z
  .object({ ...scopeFields, page: listQuerySchema.shape.page, perPage: listQuerySchema.shape.perPage })
  .superRefine(checkScope);

/**
 * `POST backend/bays/maintenance/running`: a page of the running jobs on every bay the caller sees,
 * overdue first, then the longest running.
 */
export const runningMaintenanceSchema = z.object({
  page: listQuerySchema.shape.page,
  perPage: listQuerySchema.shape.perPage,
});

/** `POST backend/bays/maintenance/assignees`: who may be assigned on a bay's or a facility's jobs. */
export const maintenanceAssigneesSchema = z.object(scopeFields).superRefine(checkScope);

/** `POST backend/bays/maintenance/stats`: downtime, jobs, MTTR and MTBF between `from` and `to`. */
export const maintenanceStatsSchema = z
  .object({ ...scopeFields, from: isoTime, to: isoTime })
  .superRefine((value, ctx) => {
    checkScope(value, ctx);
    if (Date.parse(value.from) >= Date.parse(value.to)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: MAINTENANCE_MESSAGES.rangeInvalid });
    }
  });

export const personRefSchema = z.object({ id: idSchema, name: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

/** What a job and a plan of jobs (maintenance-plans.ts) answer alike: where, what, who and the reminder. */
export const maintenanceWorkFields = {
  id: idSchema,
  bayId: idSchema,
  bayName: z.string(),
  locationId: idSchema,
  locationName: z.string(),
  type: z.enum(MAINTENANCE_TYPES),
  /** A user of Vaskedrift, or null for a custom person (or a deleted user). */
  assignee: personRefSchema.nullable(),
  customAssignee: customAssigneeSchema.nullable(),
  description: z.string(),
  notifyUsers: z.boolean(),
  reminderHours: z.number().int(),
  reminderMinutes: z.number().int(),
};

const maintenanceJobSchema = z.object({
  ...maintenanceWorkFields,
  startedAt: timestampSchema,
  expiresAt: timestampSchema.nullable(),
  endedAt: timestampSchema.nullable(),
  enabledBy: personRefSchema.nullable(),
  endedBy: personRefSchema.nullable(),
  /** `expiresAt − startedAt`, null without an expected end. */
  plannedSeconds: z.number().int().nullable(),
  /** `endedAt − startedAt`; while running, the time so far. */
  durationSeconds: z.number().int(),
  /** Running past `expiresAt`. */
  overdue: z.boolean(),
  /** The plan that started it (docs/domain.md, Maintenance: planned maintenance); null: started by hand. */
  planId: idSchema.nullable(),
  /** Ended by the server at `expiresAt`, as its plan said (unless someone ends it first). */
  endsAutomatically: z.boolean(),
});
export type MaintenanceJob = z.infer<typeof maintenanceJobSchema>;

export const maintenanceJobResponseSchema = dataResponse(maintenanceJobSchema.nullable());
export const maintenanceJobMessageResponseSchema = z.object({
  data: maintenanceJobSchema,
  message: z.string(),
});
export const maintenanceHistoryResponseSchema = listResponse(maintenanceJobSchema);
export const maintenanceAssigneesResponseSchema = dataResponse(z.array(personRefSchema));

/** docs/domain.md, Maintenance: the figures of a bay or facility over a period. */
export const maintenanceStatsResponseSchema = dataResponse(
  z.object({
    from: timestampSchema,
    to: timestampSchema,
    /** Seconds the bays were `error`, `inactive` or `maintenance`. */
    downtimeSeconds: z.number().int(),
    /** Seconds the bays were `operational`. */
    operatingSeconds: z.number().int(),
    /** Maintenance jobs started in the period. */
    jobs: z.number().int(),
    /** Failures that began in the period. */
    failures: z.number().int(),
    /** Mean seconds from a failure's start to back `operational`; null with no repaired failure. */
    mttrSeconds: z.number().int().nullable(),
    /** Operating seconds per failure; null with no failure. */
    mtbfSeconds: z.number().int().nullable(),
  }),
);
export type MaintenanceStats = z.infer<typeof maintenanceStatsResponseSchema>['data'];
