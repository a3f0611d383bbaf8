import { z } from 'zod';
import { dataResponse, idSchema, listQuerySchema, listResponse } from './api';
import { timestampSchema } from './fields';
import { personNameSchema } from './users';
import { emailSchema } from './validation';

/**
 * What a recipient or a webhook subscribes to (docs/domain.md, Notifications): maintenance `start`,
 * `reminders` and `end`; attribute levels `critical`, `warning` and `info`; `escalation` (a critical
 * alert nobody acknowledged in time); `prediction` (a bay expected to cross its critical or warning
 * threshold within the horizon of the system settings, docs/domain.md, Foresight); `reports`, the weekly and monthly availability report by e-mail
 * (recipients only: a webhook has no address to attach a CSV to). The one list: the database's
 * constraints, the forms and the schemas below take their values from it.
 */
export const NOTIFICATION_TAGS = [
  'start',
  'reminders',
  'end',
  'critical',
  'warning',
  'info',
  'escalation',
  'prediction',
  'reports',
] as const;
export type NotificationTag = (typeof NOTIFICATION_TAGS)[number];
/** The tags a webhook may subscribe to: all but `reports`. */
export const WEBHOOK_TAGS = NOTIFICATION_TAGS.filter(
  (tag): tag is Exclude<NotificationTag, 'reports'> => tag !== 'reports',
);
export type WebhookTag = (typeof WEBHOOK_TAGS)[number];

/**
 * Every kind of notification event, as webhooks receive it in `type`. `tag` decides who gets it;
 * `system.webhook_disabled` goes to every admin, whatever the recipients say.
 */
export const NOTIFICATION_EVENT_TYPES = {
  /**
   * An incident (docs/domain.md, Incidents): one fault of one bay with all its causes, or a facility whose
   * API stopped answering. Opened and resolved carry the incident's level as their tag (resolved: the
   * highest level told), so whoever heard of the opening hears of the end. A bay's expected crossing
   * within the horizon is a cause too: alone, it opens the incident at `prediction` (its end is not told);
   * a threshold crossed after it is an opening for `critical`/`warning` (decision 035).
   */
  'incident.opened': 'critical|warning|prediction',
  'incident.worsened': 'critical',
  'incident.resolved': 'critical|warning',
  /** An attribute going inactive or losing its data (its API still answering): told per attribute. */
  'alert.info': 'info',
  /** A critical alert nobody acknowledged in time. */
  'alert.unacknowledged': 'escalation',
  /**
   * A bay's attribute expected to cross its threshold within the horizon, before predictions became causes
   * of the bay's incident (decision 035): no longer recorded, still rendered should one be waiting.
   */
  'bay.prediction': 'prediction',
  /**
   * Per attribute and per API before incidents (decision 033); no longer recorded, still rendered should
   * one recorded before the upgrade be waiting to be dispatched.
   */
  'alert.opened': 'critical|warning',
  'alert.escalated': 'critical',
  'alert.deescalated': 'warning',
  'alert.resolved': 'info',
  'api.down': 'info',
  'api.recovered': 'info',
  'maintenance.started': 'start',
  /** A running job given to someone else: only the new assignee is told. */
  'maintenance.assigned': 'start',
  'maintenance.reminder': 'reminders',
  'maintenance.overdue': 'reminders',
  'maintenance.ended': 'end',
  /** The availability report of the week (Monday to Monday) or month before, e-mailed to `reports`. */
  'report.weekly': 'reports',
  'report.monthly': 'reports',
  'webhook.test': 'any',
  'system.webhook_disabled': 'system',
} as const;
export type NotificationEventType = keyof typeof NOTIFICATION_EVENT_TYPES;

/** Default minutes a critical alert may stay unacknowledged before `escalation` recipients are told. */
export const DEFAULT_ESCALATION_MINUTES = 15;
/** Default checks in a row a level must hold before its alert notifies (1: at once). */
export const DEFAULT_PENDING_CHECKS = 1;
export const MAX_PENDING_CHECKS = 100;

export const NOTIFICATION_MESSAGES = {
  recipientRequired: 'Du må velge en mottaker',
  tagsRequired: 'Velg minst én hendelse eller ett nivå',
  tagInvalid: 'Ukjent hendelse eller nivå',
  locationsRequired: 'Velg minst ett anlegg, eller alle anlegg',
  reminderInvalid: 'Påminnelse må være et helt antall timer (0–8760) og minutter (0–59)',
  recipientExists: 'Mottakeren finnes allerede',
  notFound: 'Fant ikke mottakeren',
  unknownUser: 'Ukjent bruker',
  unknownGroup: 'Ukjent gruppe',
  unknownLocation: 'Ukjent anlegg',
  created: 'Mottakeren er lagt til',
  updated: 'Mottakeren er oppdatert',
  deleted: 'Mottakeren er slettet',
} as const;

/** Attribute levels and maintenance types as notifications name them. */
export const NOTIFICATION_LEVEL_LABELS: Record<string, string> = {
  critical: 'Kritisk',
  warning: 'Advarsel',
  active: 'OK',
  inactive: 'Inaktiv',
  nodata: 'Ingen data',
};
export const MAINTENANCE_TYPE_LABELS: Record<string, string> = {
  service: 'Service',
  longtermservice: 'Langtidsservice',
};

const notificationTagSchema = z.enum(NOTIFICATION_TAGS, { error: NOTIFICATION_MESSAGES.tagInvalid });
const notificationTagsSchema = z
  .array(notificationTagSchema, { error: NOTIFICATION_MESSAGES.tagsRequired })
  .min(1, NOTIFICATION_MESSAGES.tagsRequired)
  .max(NOTIFICATION_TAGS.length)
  .transform((tags) => [...new Set(tags)]);
export const webhookTagSchema = z.enum(WEBHOOK_TAGS, { error: NOTIFICATION_MESSAGES.tagInvalid });
export const webhookTagsSchema = z
  .array(webhookTagSchema, { error: NOTIFICATION_MESSAGES.tagsRequired })
  .min(1, NOTIFICATION_MESSAGES.tagsRequired)
  .max(WEBHOOK_TAGS.length)
  .transform((tags) => [...new Set(tags)]);

const RECIPIENT_KINDS = ['user', 'group', 'custom'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

const reminderHours = z
  .number({ error: NOTIFICATION_MESSAGES.reminderInvalid })
  .int(NOTIFICATION_MESSAGES.reminderInvalid)
  .min(0, NOTIFICATION_MESSAGES.reminderInvalid)
  .max(24 * 365, NOTIFICATION_MESSAGES.reminderInvalid);
const reminderMinutes = reminderHours.max(59, NOTIFICATION_MESSAGES.reminderInvalid);

/** Who: a user, a group (its members when an event is sent), or a custom person's address. */
const recipientTargetSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('user'), userId: idSchema }),
    z.object({ kind: z.literal('group'), groupId: idSchema }),
    z.object({ kind: z.literal('custom'), name: personNameSchema, email: emailSchema }),
  ],
  { error: NOTIFICATION_MESSAGES.recipientRequired },
);

const recipientSettings = {
  tags: notificationTagsSchema,
  /** How often this recipient is reminded of a running job; 0 and 0: at each of the job's own reminders. */
  reminderHours: reminderHours.default(0),
  reminderMinutes: reminderMinutes.default(0),
  /** true: every facility; false: only `locationIds`. */
  allLocations: z.boolean().default(true),
  locationIds: z.array(idSchema).max(10_000).default([]),
};

function checkScope(value: { allLocations?: boolean; locationIds?: string[] }, ctx: z.RefinementCtx) {
  if (value.allLocations === false && (value.locationIds?.length ?? 0) === 0) {
    ctx.addIssue({ code: 'custom', path: ['locationIds'], message: NOTIFICATION_MESSAGES.locationsRequired });
  }
}

/** `POST backend/settings/notifications/create`. */
export const createRecipientSchema = z
  .object({ recipient: recipientTargetSchema, ...recipientSettings })
  .superRefine(checkScope);
export type CreateRecipientInput = z.infer<typeof createRecipientSchema>;

/** `PATCH backend/settings/notifications/update`: who stays; the fields given change. */
export const updateRecipientSchema = z
  .object({
    id: idSchema,
    tags: recipientSettings.tags.optional(),
    reminderHours: reminderHours.optional(),
    reminderMinutes: reminderMinutes.optional(),
    allLocations: z.boolean().optional(),
    locationIds: recipientSettings.locationIds.optional(),
  })
  .superRefine(checkScope);
export type UpdateRecipientInput = z.infer<typeof updateRecipientSchema>;

/** `POST backend/settings/notifications/get`: `{id}` for one, or a page. */
export const recipientGetSchema = listQuerySchema.extend({ id: idSchema.optional() });

export const recipientSchema = z.object({
  id: idSchema,
  kind: z.enum(RECIPIENT_KINDS),
  /** The user's or group's name, or the custom person's. */
  name: z.string(),
  /** The user's or custom person's address; null for a group. */
  email: z.string().nullable(),
  userId: idSchema.nullable(),
  groupId: idSchema.nullable(),
  /** Members of a group now; 1 otherwise. */
  memberCount: z.number().int(),
  tags: z.array(notificationTagSchema),
  reminderHours: z.number().int(),
  reminderMinutes: z.number().int(),
  allLocations: z.boolean(),
  locations: z.array(z.object({ id: idSchema, name: z.string() })),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Recipient = z.infer<typeof recipientSchema>;
export const recipientResponseSchema = z.object({ data: recipientSchema, message: z.string().optional() });
export const recipientListResponseSchema = z.union([
  dataResponse(recipientSchema),
  listResponse(recipientSchema),
]);
