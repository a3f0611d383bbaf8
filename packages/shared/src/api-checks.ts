import { z } from 'zod';
import { idSchema, listRequest, listResponse } from './api';
import { API_MESSAGES, apiDraftSchema } from './apis';
import { valueLabelsSchema } from './display-fields';
import { operatorSchema, valueTypeSchema } from './evaluation';
import { timestampSchema } from './fields';

/*
 * Checks of API connections as the web app sees them: 'Test tilkobling', the check log and the hourly
 * check statistics, and the audit log types of the status engine's admin changes.
 */

/**
 * `POST backend/apis/check`: runs a check now and answers what it saw, changing nothing stored. `{id}`
 * checks a saved API; `draft` overrides its fields (or, without id, describes an unsaved one) so the edit
 * form can be tested before saving. A secret left out of the draft is taken from the saved API, unless the
 * draft moves its address (`movesAddress`): then only the secrets typed into the draft are sent.
 */
export const apiCheckRequestSchema = z
  .object({ id: idSchema.optional(), draft: apiDraftSchema.optional() })
  .refine((b) => b.id != null || b.draft?.endpointUrl != null, {
    message: API_MESSAGES.checkTarget,
    path: ['id'],
  });
export type ApiCheckRequest = z.input<typeof apiCheckRequestSchema>;

export const apiCheckResultSchema = z.object({
  ok: z.boolean(),
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  bytes: z.number().int().nullable(),
  contentType: z.string().nullable(),
  /** Why the check failed, in Norwegian; null when it succeeded. */
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  /** Something the admin should know about the test itself, in Norwegian (stored secrets not sent). */
  hint: z.string().nullable(),
  /** Records found (top-level array, first array property, or `details.recordsPath`). */
  recordCount: z.number().int().nullable(),
  /** Dot paths seen in the first records, to pick key identifiers and paths from. */
  keys: z.array(z.string()),
  /** The first few records, long strings and arrays shortened. */
  records: z.array(z.unknown()),
  /** For each API attribute: the key values its key identifier finds. */
  keyValues: z.array(
    z.object({
      apiMetricId: z.uuid(),
      name: z.string(),
      keyIdentifier: z.string(),
      values: z.array(z.string()),
      total: z.number().int(),
    }),
  ),
  /** What each bay attribute of this API would read now (level and reason), at most 200. */
  attributes: z.array(
    z.object({
      bayMetricId: z.uuid(),
      bayId: z.uuid(),
      bayName: z.string(),
      apiMetricName: z.string(),
      keyValue: z.string(),
      path: z.string(),
      value: z.unknown(),
      level: z.string(),
      reason: z.string(),
      /** How the value reads (docs/domain.md, Words): its words, type, operator and thresholds. */
      labels: valueLabelsSchema,
      type: valueTypeSchema,
      operator: operatorSchema,
      thresholds: z.object({
        thresholdCritical: z.string(),
        thresholdWarning: z.string(),
        thresholdInactive: z.string(),
        thresholdActive: z.string(),
      }),
    }),
  ),
});
export type ApiCheckResult = z.infer<typeof apiCheckResultSchema>;

const CHECK_OUTCOMES = ['ok', 'error'] as const;
const CHECK_SOURCES = ['poll', 'push'] as const;

/** `backend/apis/logs/get`: an API's check log, newest first. */
export const getApiLogsSchema = listRequest(
  z.object({ outcome: z.enum(CHECK_OUTCOMES, { error: 'Ugyldig utfall' }).optional() }),
).extend({ apiId: idSchema });

export const apiCheckLogSchema = z.object({
  id: z.number().int(),
  apiId: z.uuid(),
  startedAt: timestampSchema,
  source: z.enum(CHECK_SOURCES),
  outcome: z.enum(CHECK_OUTCOMES),
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  bytes: z.number().int().nullable(),
  records: z.number().int().nullable(),
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
});
export type ApiCheckLog = z.infer<typeof apiCheckLogSchema>;
export const getApiLogsResponseSchema = listResponse(apiCheckLogSchema);
