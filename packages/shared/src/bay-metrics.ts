import { z } from 'zod';
import { idSchema, listRequest } from './api';
import { displayFieldsResponseShape, displayFieldsShape, valueLabelsSchema } from './display-fields';
import {
  attributeLevelSchema,
  convertThreshold,
  OPERATOR_SYMBOLS,
  type Operator,
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
  counterThresholds: 'En teller har ingen terskler: la feltet stå tomt',
  pendingChecksInvalid: `Ventetiden må være et helt antall sjekker fra 1 til ${MAX_PENDING_CHECKS}`,
  deadbandInvalid: `Dødbåndet må være et tall fra 0 til ${MAX_DEADBAND_PERCENT} (prosent), eller tomt for standard`,
  /** 'Advarsel kan ikke være lavere enn Kritisk med operatoren <' (docs/domain.md, Validation). */
  thresholdOrder: (field: ThresholdField, above: ThresholdField, operator: Operator) =>
    `${THRESHOLD_LABELS[field]} kan ikke være ${operator === 'gt' || operator === 'gte' ? 'høyere' : 'lavere'} enn ${THRESHOLD_LABELS[above]} med operatoren ${OPERATOR_SYMBOLS[operator]}`,
} as const;

/** The thresholds' names in the form and in messages. */
const THRESHOLD_LABELS: Record<ThresholdField, string> = {
  thresholdCritical: 'Kritisk',
  thresholdWarning: 'Advarsel',
  thresholdInactive: 'Inaktiv',
  thresholdActive: 'Aktiv',
};

/**
 * The thresholds whose order the operator fixes, worst first. `inactive` is left out: it names a state
 * (a bay standing idle), not a step on the way to critical, so it may lie anywhere.
 */
const ORDERED_THRESHOLDS = ['thresholdCritical', 'thresholdWarning', 'thresholdActive'] as const;

/**
 * Thresholds in an order that cannot work (docs/domain.md, Validation): with `gt`/`gte` critical ≥ warning ≥
 * active, with `lt`/`lte` critical ≤ warning ≤ active, so that a value worsening passes warning before
 * critical. Only number attributes (text orders by collation, booleans do not order) and only the
 * thresholds that are set and read as numbers: a blank one is skipped and the next set one compared.
 * `eq`/`ne` pick values, not ranges: no order. One issue per threshold out of order, on the lesser one.
 */
export function thresholdOrderIssues(
  type: ValueType,
  operator: Operator,
  thresholds: Partial<Thresholds>,
): { path: ThresholdField; message: string }[] {
  if (type !== 'number' || operator === 'eq' || operator === 'ne') return [];
  const rising = operator === 'gt' || operator === 'gte';
  const set: { field: ThresholdField; value: number }[] = [];
  for (const field of ORDERED_THRESHOLDS) {
    const converted = convertThreshold(thresholds[field], 'number');
    if (converted.ok && typeof converted.value === 'number') set.push({ field, value: converted.value });
  }
  const issues: { path: ThresholdField; message: string }[] = [];
  for (let i = 1; i < set.length; i++) {
    const above = set[i - 1] as (typeof set)[number];
    const here = set[i] as (typeof set)[number];
    if (rising ? here.value > above.value : here.value < above.value) {
      issues.push({
        path: here.field,
        message: BAY_METRIC_MESSAGES.thresholdOrder(here.field, above.field, operator),
      });
    }
  }
  return issues;
}

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
 * What is wrong with a set of thresholds for the attribute's type and operator: for a counter, any filled
 * in; otherwise none filled in, one that
 * cannot be read as the type (with the field's message), or an order that cannot work
 * (`thresholdOrderIssues`).
 */
export function thresholdIssues(
  type: ValueType,
  thresholds: Partial<Thresholds>,
  operator?: Operator,
): { path: ThresholdField; message: string }[] {
  const issues: { path: ThresholdField; message: string }[] = [];
  if (type === 'counter') {
    // A counter only grows: its level is whether it is read (decision 034), so thresholds mean nothing.
    return THRESHOLD_ORDER.filter(({ field }) => (thresholds[field] ?? '').trim() !== '').map(
      ({ field }) => ({
        path: field,
        message: BAY_METRIC_MESSAGES.counterThresholds,
      }),
    );
  }
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
  if (issues.length > 0 || operator === undefined) return issues;
  return thresholdOrderIssues(type, operator, thresholds);
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
  /** How the value is shown; blank: the API attribute's default, else the path (docs/domain.md, Words). */
  ...displayFieldsShape,
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
    for (const { path, message } of thresholdIssues(value.type, value, value.operator)) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });
export type CreateBayMetricInput = z.input<typeof createBayMetricSchema>;

/**
 * Only the fields sent change; thresholds are checked against the resulting type and operator on the
 * server. A display field sent blank or null goes back to the default.
 */
export const updateBayMetricSchema = z
  .object({ id: idSchema })
  .extend(z.object(bayMetricFields).partial().shape);
export type UpdateBayMetricInput = z.input<typeof updateBayMetricSchema>;

export const BAY_METRIC_SORT_COLUMNS = [
  'displayName',
  'apiMetricName',
  'apiName',
  'bayName',
  'lastLevel',
  'lastReadAt',
  'createdAt',
] as const;

const bayMetricFiltersSchema = z.object({
  bayId: idSchema.optional(),
  locationId: idSchema.optional(),
  apiMetricId: idSchema.optional(),
  apiId: idSchema.optional(),
  lastLevel: attributeLevelSchema.optional(),
});

/**
 * `backend/bays/metrics/get`: `{id}` for one, otherwise a page; readable by anyone who may see the bay's
 * facility. Search matches the display name, the API attribute's and the API's name, the key value and
 * the path.
 */
export const getBayMetricsSchema = listRequest(bayMetricFiltersSchema).extend({
  id: idSchema.optional(),
  sort: sortSchema(BAY_METRIC_SORT_COLUMNS).optional(),
});

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
  /** The bay attribute's own display fields; null: not set (the API attribute's default applies). */
  ...displayFieldsResponseShape,
  /** How the value is shown, defaults applied: the name, unit and true/false words to use. */
  display: valueLabelsSchema,
  /** The last value read (in its type), its level, why, and when; all null before the first check. */
  lastValue: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  lastLevel: attributeLevelSchema.nullable(),
  lastReason: z.string().nullable(),
  lastReadAt: timestampSchema.nullable(),
  /** False while the API attribute or its API is disabled: the attribute is then not evaluated. */
  evaluated: z.boolean(),
  /**
   * Foresight (docs/domain.md, Foresight): the threshold a number attribute is expected to cross, when
   * (ISO) and how surely (0–1); null when none is expected within the model's reach.
   */
  prediction: z
    .object({
      level: z.enum(['warning', 'critical']),
      expectedAt: timestampSchema,
      confidence: z.number().min(0).max(1),
    })
    .nullable(),
  /** The last value is far outside this attribute's normal for this time of the week (still inside its thresholds). */
  unusual: z.boolean(),
  /** The normal range for this time of the week; null until enough readings of it are learned. */
  normal: z.object({ low: z.number(), high: z.number() }).nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type BayMetric = z.infer<typeof bayMetricSchema>;

export const getBayMetricsResponseSchema = oneOrListResponse(bayMetricSchema);
