import { z } from 'zod';
import { idSchema, listRequest } from './api';
import { apiStatusSchema } from './apis';
import { displayFieldsResponseShape, displayFieldsShape } from './display-fields';
import { parsePath } from './evaluation';
import { entityNameSchema, oneOrListResponse, sortSchema, timestampSchema } from './fields';

/*
 * API attributes (docs/domain.md, Evaluation): one extraction rule on one API's response. `keyIdentifier`
 * names the field (dot path) that says which bay a record is about; `targetKeys` the fields of interest.
 */

export const API_METRIC_MESSAGES = {
  notFound: 'Fant ikke API-attributtet',
  apiRequired: 'API er påkrevd',
  descriptionRequired: 'Beskrivelse er påkrevd',
  descriptionTooShort: 'Beskrivelsen må være lenger enn 2 tegn',
  keyIdentifierRequired: 'Nøkkelidentifikator er påkrevd',
  keyIdentifierTooShort: 'Nøkkelidentifikatoren må være lenger enn 1 tegn',
  targetKeysRequired: 'Målnøkler er påkrevd',
  targetKeysTooShort: 'Hver målnøkkel må være lenger enn 1 tegn',
  targetKeysTooMany: 'Høyst 100 målnøkler',
  pathInvalid: 'Ugyldig sti (bruk punktum mellom feltene, f.eks. status.code)',
} as const;

const keyIdentifierSchema = z
  .string({ error: API_METRIC_MESSAGES.keyIdentifierRequired })
  .trim()
  .min(1, API_METRIC_MESSAGES.keyIdentifierRequired)
  .min(2, API_METRIC_MESSAGES.keyIdentifierTooShort)
  .max(200, 'Kan ikke være lenger enn 200 tegn')
  .refine((v) => parsePath(v) !== null, API_METRIC_MESSAGES.pathInvalid);

/**
 * Target keys may be sent comma-separated or as a list (docs/domain.md, Validation). Stored and answered as a
 * list of trimmed, distinct keys, each longer than 1 character.
 */
const targetKeysSchema = z
  .union([z.string(), z.array(z.string())], { error: API_METRIC_MESSAGES.targetKeysRequired })
  .transform((value) => {
    const parts = (Array.isArray(value) ? value : value.split(',')).map((k) => k.trim()).filter(Boolean);
    return [...new Set(parts)];
  })
  .pipe(
    z
      .array(z.string().max(200, 'Kan ikke være lenger enn 200 tegn'))
      .min(1, API_METRIC_MESSAGES.targetKeysRequired)
      .max(100, API_METRIC_MESSAGES.targetKeysTooMany)
      // One message on the field, not one per key: the form has a single input for them.
      .refine((keys) => keys.every((k) => k.length > 1), API_METRIC_MESSAGES.targetKeysTooShort),
  );

const descriptionSchema = z
  .string({ error: API_METRIC_MESSAGES.descriptionRequired })
  .trim()
  .min(1, API_METRIC_MESSAGES.descriptionRequired)
  .min(3, API_METRIC_MESSAGES.descriptionTooShort)
  .max(1000, 'Kan ikke være lenger enn 1000 tegn');

const apiMetricFields = {
  name: entityNameSchema,
  description: descriptionSchema,
  keyIdentifier: keyIdentifierSchema,
  targetKeys: targetKeysSchema,
  status: apiStatusSchema,
  /**
   * Defaults for the bay attributes bound to this API attribute that set none of their own (docs/domain.md,
   * Words): most useful when it reads one value ('Temperatur', '°C').
   */
  ...displayFieldsShape,
};

export const createApiMetricSchema = z.object({
  apiId: idSchema,
  ...apiMetricFields,
  status: apiStatusSchema.default('enabled'),
});
export type CreateApiMetricInput = z.input<typeof createApiMetricSchema>;

export const updateApiMetricSchema = z
  .object({ id: idSchema })
  .extend(z.object(apiMetricFields).partial().shape);
export type UpdateApiMetricInput = z.input<typeof updateApiMetricSchema>;

export const API_METRIC_SORT_COLUMNS = ['name', 'apiName', 'status', 'createdAt'] as const;

const apiMetricFiltersSchema = z.object({
  apiId: idSchema.optional(),
  status: apiStatusSchema.optional(),
});

/** `backend/apis/metrics/get`: `{id}` for one, otherwise a page (search: name, description, API name). */
export const getApiMetricsSchema = listRequest(apiMetricFiltersSchema).extend({
  id: idSchema.optional(),
  sort: sortSchema(API_METRIC_SORT_COLUMNS).optional(),
});

export const apiMetricSchema = z.object({
  id: z.uuid(),
  apiId: z.uuid(),
  apiName: z.string(),
  name: z.string(),
  description: z.string(),
  keyIdentifier: z.string(),
  targetKeys: z.array(z.string()),
  status: apiStatusSchema,
  /** Defaults for its bay attributes' display fields; null: not set. */
  ...displayFieldsResponseShape,
  /** Bay attributes bound to this API attribute. */
  bayMetricCount: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type ApiMetric = z.infer<typeof apiMetricSchema>;

export const getApiMetricsResponseSchema = oneOrListResponse(apiMetricSchema);
