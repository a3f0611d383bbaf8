import { z } from 'zod';
import { idSchema, listRequest } from './api';
import {
  attributeLevelSchema,
  convertThreshold,
  operatorSchema,
  parsePath,
  THRESHOLD_ORDER,
  type ThresholdField,
  type ValueType,
  valueTypeSchema,
} from './evaluation';
import { oneOrListResponse, sortSchema, timestampSchema } from './fields';
import { DEFAULT_PENDING_CHECKS, MAX_PENDING_CHECKS } from './notifications';
import { MAX_DEADBAND_PERCENT } from './readings';

/*
 * Bay attributes (docs/domain.md, Evaluation): bind one bay to one API attribute. `keyValue` picks the
 * record, `path` the value in it, `type` converts it and `operator` compares it with each threshold.
 */

export const BAY_METRIC_MESSAGES = {
  notFound: 'Fant ikke attributtet',
  apiMetricRequired: 'API-attributt er påkrevd',
  typeRequired: 'Type er påkrevd',
  operatorRequired: 'Operator er påkrevd',
  keyValueRequired: 'Nøkkelverdi må fylles ut',
  pathRequired: 'Sti må fylles ut',
  pathInvalid: 'Ugyldig sti (bruk punktum mellom feltene og tall for listeplasser, f.eks. tanks.0.level)',
  thresholdRequired: 'Terskelen må være med (tom tekst betyr at den ikke brukes)',
  thresholdsEmpty: 'Minst én terskel må fylles ut',
  thresholdNotNumber: 'Terskelen må være et tall',
  thresholdNotBoolean: 'Terskelen må være true eller false',
  pendingChecksInvalid: `Ventetiden må være et helt antall sjekker fra 1 til ${MAX_PENDING_CHECKS}`,
  deadbandInvalid: `Dødbåndet må være et tall fra 0 til ${MAX_DEADBAND_PERCENT} (prosent), eller tomt for standard`,
} as const;

/**
 * Every threshold must be sent, but may be '' for "not used": a boolean alarm has two meaningful levels,
 * not four, and the evaluation skips blank thresholds. At least one must be filled in. A JSON number or
 * boolean (`60`, `true`) is taken as its text, so it is stored and answered as `"60"` and `"true"`.
 */
const thresholdSchema = z
  .union([z.string(), z.number(), z.boolean()], { error: BAY_METRIC_MESSAGES.thresholdRequired })
  .transform(String)
  .pipe(z.string().trim().max(500, 'Kan ikke være lenger enn 500 tegn'));

export type Thresholds = Record<ThresholdField, string>;

/**
 * What is wrong with a set of thresholds for the attribute's type: none filled in, or one that cannot be
 * read as the type (with the field's message).
 */
export function thresholdIssues(
  type: ValueType,
  thresholds: Partial<Thresholds>,
): { path: ThresholdField; message: string }[] {
  const issues: { path: ThresholdField; message: string }[] = [];
  if (THRESHOLD_ORDER.every(({ field }) => (thresholds[field] ?? '').trim() === '')) {
    return [{ path: 'thresholdCritical', message: BAY_METRIC_MESSAGES.thresholdsEmpty }];
  }
  for (const { field } of THRESHOLD_ORDER) {
    const raw = thresholds[field];
    if (raw === undefined || raw.trim() === '' || convertThreshold(raw, type).ok) continue;
    issues.push({
      path: field,
      message:
        type === 'number' ? BAY_METRIC_MESSAGES.thresholdNotNumber : BAY_METRIC_MESSAGES.thresholdNotBoolean,
    });
  }
  return issues;
}

const bayMetricFields = {
  apiMetricId: idSchema,
  keyValue: z
    .string({ error: BAY_METRIC_MESSAGES.keyValueRequired })
    .trim()
    .min(1, BAY_METRIC_MESSAGES.keyValueRequired)
    .max(500, 'Kan ikke være lenger enn 500 tegn'),
  path: z
    .string({ error: BAY_METRIC_MESSAGES.pathRequired })
    .trim()
    .min(1, BAY_METRIC_MESSAGES.pathRequired)
    .max(500, 'Kan ikke være lenger enn 500 tegn')
    .refine((v) => parsePath(v) !== null, BAY_METRIC_MESSAGES.pathInvalid),
  type: z.enum(valueTypeSchema.options, { error: BAY_METRIC_MESSAGES.typeRequired }),
  operator: z.enum(operatorSchema.options, { error: BAY_METRIC_MESSAGES.operatorRequired }),
  thresholdActive: thresholdSchema,
  thresholdWarning: thresholdSchema,
  thresholdCritical: thresholdSchema,
  thresholdInactive: thresholdSchema,
  /**
   * The pending period (docs/domain.md, Alerts): checks in a row a level must hold before its alert
   * notifies; 1 tells at once.
   */
  pendingChecks: z
    .number({ error: BAY_METRIC_MESSAGES.pendingChecksInvalid })
    .int(BAY_METRIC_MESSAGES.pendingChecksInvalid)
    .min(1, BAY_METRIC_MESSAGES.pendingChecksInvalid)
    .max(MAX_PENDING_CHECKS, BAY_METRIC_MESSAGES.pendingChecksInvalid),
  /**
   * Numbers only: a reading is stored when it moved more than this percentage of the last stored one
   * (decision 022); null: `DEFAULT_DEADBAND_PERCENT`. 0 stores every change.
   */
  deadbandPercent: z
    .number({ error: BAY_METRIC_MESSAGES.deadbandInvalid })
    .min(0, BAY_METRIC_MESSAGES.deadbandInvalid)
    .max(MAX_DEADBAND_PERCENT, BAY_METRIC_MESSAGES.deadbandInvalid)
    .nullable(),
};

export const createBayMetricSchema = z
  .object({
    bayId: idSchema,
    ...bayMetricFields,
    apiMetricId: z.uuid({ error: BAY_METRIC_MESSAGES.apiMetricRequired }),
    pendingChecks: bayMetricFields.pendingChecks.default(DEFAULT_PENDING_CHECKS),
    deadbandPercent: bayMetricFields.deadbandPercent.default(null),
  })
  .superRefine((value, ctx) => {
    for (const { path, message } of thresholdIssues(value.type, value)) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });
export type CreateBayMetricInput = z.input<typeof createBayMetricSchema>;

/** Only the fields sent change; thresholds are checked against the resulting type on the server. */
export const updateBayMetricSchema = z
  .object({ id: idSchema })
  .extend(z.object(bayMetricFields).partial().shape);
export type UpdateBayMetricInput = z.input<typeof updateBayMetricSchema>;

export const BAY_METRIC_SORT_COLUMNS = [
  'apiMetricName',
  'apiName',
  'bayName',
  'lastLevel',
  'lastReadAt',
  'createdAt',
] as const;

export const bayMetricFiltersSchema = z.object({
  bayId: idSchema.optional(),
  locationId: idSchema.optional(),
  apiMetricId: idSchema.optional(),
  apiId: idSchema.optional(),
  lastLevel: attributeLevelSchema.optional(),
});

/**
 * `backend/bays/metrics/get`: `{id}` for one, otherwise a page; readable by anyone who may see the bay's
 * facility. Search matches the API attribute's and the API's name, the key value and the path.
 */
export const getBayMetricsSchema = listRequest(bayMetricFiltersSchema).extend({
  id: idSchema.optional(),
  sort: sortSchema(BAY_METRIC_SORT_COLUMNS).optional(),
});
export type GetBayMetricsInput = z.input<typeof getBayMetricsSchema>;

export const bayMetricSchema = z.object({
  id: z.uuid(),
  bayId: z.uuid(),
  bayName: z.string(),
  locationId: z.uuid(),
  locationName: z.string(),
  apiMetricId: z.uuid(),
  apiMetricName: z.string(),
  apiId: z.uuid(),
  apiName: z.string(),
  keyValue: z.string(),
  path: z.string(),
  type: valueTypeSchema,
  operator: operatorSchema,
  thresholdActive: z.string(),
  thresholdWarning: z.string(),
  thresholdCritical: z.string(),
  thresholdInactive: z.string(),
  pendingChecks: z.number().int(),
  /** Null: the default deadband. */
  deadbandPercent: z.number().nullable(),
  /** The last value read (in its type), its level, why, and when; all null before the first check. */
  lastValue: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  lastLevel: attributeLevelSchema.nullable(),
  lastReason: z.string().nullable(),
  lastReadAt: timestampSchema.nullable(),
  /** False while the API attribute or its API is disabled: the attribute is then not evaluated. */
  evaluated: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type BayMetric = z.infer<typeof bayMetricSchema>;

export const getBayMetricsResponseSchema = oneOrListResponse(bayMetricSchema);
