import { z } from 'zod';
import { dataResponse, idSchema, listQuerySchema, listResponse } from './api';
import { entityNameSchema, httpUrlSchema, timestampSchema } from './fields';
import type { WebhookIncident } from './incidents';
import { webhookTagSchema, webhookTagsSchema } from './notifications';

/**
 * Outgoing webhooks (docs/domain.md, Notifications): each delivery is
 * `{id, type, time, payload}` as JSON, signed with HMAC-SHA256 over `${timestamp}.${body}` with the
 * webhook's secret; the headers `X-Vaskedrift-Timestamp` (Unix seconds) and
 * `X-Vaskedrift-Signature: sha256=<hex>` carry it (docs/decisions/019-notifications.md).
 */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Vaskedrift-Signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Vaskedrift-Timestamp';
export const WEBHOOK_EVENT_HEADER = 'X-Vaskedrift-Event';
/** A webhook failing this long without one success is disabled and the admins are told. */
export const WEBHOOK_DISABLE_AFTER_HOURS = 24;
export const WEBHOOK_SECRET_MIN_LENGTH = 16;

export const WEBHOOK_MESSAGES = {
  secretRequired: 'Hemmelighet er påkrevd',
  secretTooShort: `Hemmeligheten må være minst ${WEBHOOK_SECRET_MIN_LENGTH} tegn`,
  secretTooLong: 'Hemmeligheten kan ikke være lenger enn 256 tegn',
  notFound: 'Fant ikke webhooken',
  created: 'Webhooken er lagt til',
  updated: 'Webhooken er oppdatert',
  deleted: 'Webhooken er slettet',
  testSent: 'Testmeldingen er levert',
  testFailed: 'Testmeldingen ble ikke levert',
  disabledAutomatically: `Deaktivert etter ${WEBHOOK_DISABLE_AFTER_HOURS} timer med feil`,
} as const;

/** Why a delivery attempt failed, as the delivery log shows it. */
export const WEBHOOK_DELIVERY_ERRORS = {
  httpStatus: (status: number) => `Mottakeren svarte med HTTP ${status}`,
  /** The webhook was turned off (or deleted) after the delivery was queued: it is not sent. */
  webhookOff: 'Webhooken er slått av; meldingen sendes ikke',
  secretUnreadable: 'Hemmeligheten kunne ikke leses (er SECRET_KEY endret?); lagre en ny hemmelighet',
} as const;

/** The payload of the `webhook.test` event 'Send test' delivers. */
export const WEBHOOK_TEST_MESSAGE = 'Testmelding fra Vaskedrift';

/** A secret as sent: not trimmed (a space may belong to it). */
const secretSchema = z
  .string({ error: WEBHOOK_MESSAGES.secretRequired })
  .min(1, WEBHOOK_MESSAGES.secretRequired)
  .min(WEBHOOK_SECRET_MIN_LENGTH, WEBHOOK_MESSAGES.secretTooShort)
  .max(256, WEBHOOK_MESSAGES.secretTooLong);

/** `POST backend/webhooks/create`. */
export const createWebhookSchema = z.object({
  name: entityNameSchema,
  url: httpUrlSchema,
  secret: secretSchema,
  tags: webhookTagsSchema,
  enabled: z.boolean().default(true),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

/** `PATCH backend/webhooks/update`: the fields given change; `secret` left out keeps the stored one. */
export const updateWebhookSchema = z.object({
  id: idSchema,
  name: entityNameSchema.optional(),
  url: httpUrlSchema.optional(),
  secret: secretSchema.optional(),
  tags: webhookTagsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;

/** `POST backend/webhooks/get`: `{id}` for one, or a page. */
export const webhookGetSchema = listQuerySchema.extend({ id: idSchema.optional() });

export const webhookSchema = z.object({
  id: idSchema,
  name: z.string(),
  url: z.string(),
  /** The secret is never returned; the form shows that one is set. */
  hasSecret: z.literal(true),
  tags: z.array(webhookTagSchema),
  enabled: z.boolean(),
  /** Failing since this time (no success since); null when the last delivery succeeded. */
  failingSince: timestampSchema.nullable(),
  /** Why it was disabled automatically, in Norwegian; null otherwise. */
  disabledReason: z.string().nullable(),
  lastDelivery: z
    .object({ at: timestampSchema, ok: z.boolean(), httpStatus: z.number().int().nullable() })
    .nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookResponseSchema = z.object({ data: webhookSchema, message: z.string().optional() });
export const webhookListResponseSchema = z.union([dataResponse(webhookSchema), listResponse(webhookSchema)]);

/** `POST backend/webhooks/test`: sends a `webhook.test` event now and answers how it went. */
export const webhookTestSchema = z.object({ id: idSchema });

/** `POST backend/webhooks/deliveries`: a page of one webhook's delivery log, newest first. */
export const webhookDeliveriesSchema = z.object({
  id: idSchema,
  page: listQuerySchema.shape.page,
  perPage: listQuerySchema.shape.perPage,
});

const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventType: z.string(),
  at: timestampSchema,
  ok: z.boolean(),
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** Why it failed, in Norwegian; null on success. */
  error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponseSchema = listResponse(webhookDeliverySchema);
export const webhookTestResponseSchema = z.object({ data: webhookDeliverySchema, message: z.string() });

/**
 * What a receiver gets in the body. `summary` is the event in one Norwegian line, its value in the
 * attribute's words ('Kritisk: Vask Bryn – Hall 2: Vanntrykk 1,2 bar · kritisk under 2 bar'); `link` opens
 * what it is about for anyone who may see it: a bay's panel on the dashboard (docs/domain.md, Notifications).
 */
export type WebhookBody = {
  id: string;
  type: string;
  time: string;
  summary?: string;
  link?: string;
  /** On `incident.*`: the incident, the same id from its opening to its resolution. */
  incident?: WebhookIncident;
  payload: Record<string, unknown>;
};
