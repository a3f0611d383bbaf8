import { z } from 'zod';
import { dataResponse, idSchema, listRequest, listResponse } from './api';
import { attributeLevelSchema } from './evaluation';
import { sortSchema, timestampSchema } from './fields';
import { ROLE_LEVELS, type Role, roleLevel } from './roles';

/*
 * Alerts (docs/domain.md, Alerts): an attribute entering `critical` or `warning` opens one; it escalates or
 * de-escalates in place and is resolved when the attribute is back to `active`. One open alert per
 * attribute. `inactive`/`nodata` transitions are `info` events, not alerts.
 */

export const ALERT_LEVELS = ['critical', 'warning'] as const;
export const alertLevelSchema = z.enum(ALERT_LEVELS, { error: 'Ugyldig nivå' });
export type AlertLevel = z.infer<typeof alertLevelSchema>;

export const ALERT_STATES = ['open', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** What happened to an attribute's alert; `info`: the attribute became inactive or lost its data. */
export const ALERT_EVENT_KINDS = [
  'opened',
  'escalated',
  'deescalated',
  'resolved',
  'acknowledged',
  'info',
] as const;
export type AlertEventKind = (typeof ALERT_EVENT_KINDS)[number];

export const ALERT_EVENT_LABELS: Record<AlertEventKind, string> = {
  opened: 'Åpnet',
  escalated: 'Skjerpet',
  deescalated: 'Dempet',
  resolved: 'Løst',
  acknowledged: 'Jeg ser på det',
  info: 'Info',
};

export const ALERT_MESSAGES = {
  notFound: 'Fant ikke varselet',
  alreadyResolved: 'Varselet er allerede løst',
  acknowledged: 'Varselet er kvittert: du ser på det',
  attributeDeleted: 'attributtet ble slettet',
  attributeNotEvaluated: 'attributtet evalueres ikke lenger',
} as const;

/** Operators ("Tekniker") and above acknowledge alerts of facilities they may see; users only read. */
export function canAcknowledgeAlerts(role: Role): boolean {
  return roleLevel(role) >= ROLE_LEVELS.operator;
}

export const ALERT_SORT_COLUMNS = ['openedAt', 'updatedAt', 'resolvedAt', 'level'] as const;

export const alertFiltersSchema = z.object({
  locationId: idSchema.optional(),
  bayId: idSchema.optional(),
  bayMetricId: idSchema.optional(),
  state: z.enum(ALERT_STATES, { error: 'Ugyldig tilstand (open eller resolved)' }).optional(),
  level: alertLevelSchema.optional(),
  acknowledged: z.boolean({ error: 'Ugyldig verdi (ja eller nei)' }).optional(),
});

/**
 * `backend/alerts/get`: `{id}` for one alert with its events, otherwise a page (default newest first;
 * search matches bay, facility and attribute names). Only alerts of facilities the caller may see.
 */
export const getAlertsSchema = listRequest(alertFiltersSchema).extend({
  id: idSchema.optional(),
  sort: sortSchema(ALERT_SORT_COLUMNS).optional(),
});
export type GetAlertsInput = z.input<typeof getAlertsSchema>;

/** `POST backend/alerts/acknowledge`: 'jeg ser på det'. Acknowledging twice keeps the first. */
export const acknowledgeAlertSchema = z.object({ id: idSchema });

const personSchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });

export const alertSchema = z.object({
  id: z.uuid(),
  bayMetricId: z.uuid().nullable(),
  bayId: z.uuid(),
  bayName: z.string(),
  locationId: z.uuid(),
  locationName: z.string(),
  /** The API attribute's name when the alert opened. */
  attributeName: z.string(),
  level: alertLevelSchema,
  state: z.enum(ALERT_STATES),
  openedAt: timestampSchema,
  updatedAt: timestampSchema,
  resolvedAt: timestampSchema.nullable(),
  acknowledgedAt: timestampSchema.nullable(),
  acknowledgedBy: personSchema.nullable(),
  lastValue: z.unknown(),
  reason: z.string().nullable(),
  /** Opened while the bay was in maintenance: recorded, but no notifications. */
  inMaintenance: z.boolean(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_EVENT_KINDS),
  level: attributeLevelSchema.nullable(),
  at: timestampSchema,
  value: z.unknown(),
  reason: z.string().nullable(),
  userId: z.uuid().nullable(),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;

export const alertDetailSchema = alertSchema.extend({ events: z.array(alertEventSchema) });
export type AlertDetail = z.infer<typeof alertDetailSchema>;

export const getAlertsResponseSchema = z.union([dataResponse(alertDetailSchema), listResponse(alertSchema)]);
export const acknowledgeAlertResponseSchema = dataResponse(alertSchema).extend({ message: z.string() });
