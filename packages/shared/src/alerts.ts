import { z } from 'zod';
import { dataResponse, idSchema, listRequest, listResponse } from './api';
import { valueLabelsSchema } from './display-fields';
import { attributeLevelSchema, operatorSchema, valueTypeSchema } from './evaluation';
import { sortSchema, timestampSchema } from './fields';

/*
 * Alerts (docs/domain.md, Alerts): an attribute entering `critical` or `warning` opens one; it escalates or
 * de-escalates in place and is resolved when the attribute is back to `active`. One open alert per
 * attribute. `inactive`/`nodata` transitions are `info` events, not alerts.
 */

const ALERT_LEVELS = ['critical', 'warning'] as const;
const alertLevelSchema = z.enum(ALERT_LEVELS, { error: 'Ugyldig nivå' });
export type AlertLevel = z.infer<typeof alertLevelSchema>;

const ALERT_STATES = ['open', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** What happened to an attribute's alert; `info`: the attribute became inactive or lost its data. */
const ALERT_EVENT_KINDS = ['opened', 'escalated', 'deescalated', 'resolved', 'acknowledged', 'info'] as const;

export const ALERT_MESSAGES = {
  notFound: 'Fant ikke varselet',
  alreadyResolved: 'Varselet er allerede løst',
  acknowledged: 'Varselet er kvittert: du ser på det',
  attributeDeleted: 'attributtet ble slettet',
  attributeNotEvaluated: 'attributtet evalueres ikke lenger',
} as const;

export const ALERT_SORT_COLUMNS = ['openedAt', 'updatedAt', 'resolvedAt', 'level'] as const;

const alertFiltersSchema = z.object({
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

/** `POST backend/alerts/acknowledge`: 'jeg ser på det'. Acknowledging twice keeps the first. */
export const acknowledgeAlertSchema = z.object({ id: idSchema });

const personSchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });

/**
 * How an alert's attribute reads now (docs/domain.md, Words): its words, rule and thresholds, so a row
 * says 'Vanntrykk 1,2 bar · kritisk under 2 bar' (`describeReading`).
 */
const alertAttributeSchema = z.object({
  labels: valueLabelsSchema,
  type: valueTypeSchema,
  operator: operatorSchema,
  thresholds: z.object({
    thresholdCritical: z.string(),
    thresholdWarning: z.string(),
    thresholdInactive: z.string(),
    thresholdActive: z.string(),
  }),
});

const alertSchema = z.object({
  id: z.uuid(),
  bayMetricId: z.uuid().nullable(),
  bayId: z.uuid(),
  bayName: z.string(),
  locationId: z.uuid(),
  locationName: z.string(),
  /**
   * The name shown: the bay attribute's display name now (docs/domain.md, Words), or, once the attribute is
   * deleted, the name it had when the alert was last written.
   */
  attributeName: z.string(),
  /** How the attribute's value reads now; null once the attribute is deleted. */
  attribute: alertAttributeSchema.nullable(),
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

const alertEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_EVENT_KINDS),
  level: attributeLevelSchema.nullable(),
  at: timestampSchema,
  value: z.unknown(),
  reason: z.string().nullable(),
  userId: z.uuid().nullable(),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;

const alertDetailSchema = alertSchema.extend({ events: z.array(alertEventSchema) });
export type AlertDetail = z.infer<typeof alertDetailSchema>;

export const getAlertsResponseSchema = z.union([dataResponse(alertDetailSchema), listResponse(alertSchema)]);
export const acknowledgeAlertResponseSchema = dataResponse(alertSchema).extend({ message: z.string() });
