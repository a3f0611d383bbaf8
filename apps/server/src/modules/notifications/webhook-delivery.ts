import { createHmac } from 'node:crypto';
import {
  WEBHOOK_DELIVERY_ERRORS,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import { retryWhileDatabaseAway } from '../../db/health';
import { deriveKey } from '../../lib/crypto';
import { type OutboundClient, OutboundError } from '../../lib/outbound';
import { open, seal } from '../../lib/secret-box';
import { type DeliveryTarget, insertAttempt, type WebhookAttemptRow } from './webhook.repository';

/** A receiver gets this long to answer, and its answer is read up to this size, then dropped. */
const WEBHOOK_TIMEOUT_MS = 10_000;
const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;
const WEBHOOK_USER_AGENT = 'Vaskedrift-Webhook/1';
/** Within the sender's lease (120 s): recorded before another pass could post the delivery again. */
export const RECORD_WITHIN_MS = 60_000;

/** Sealing of webhook secrets under their own key derived from SECRET_KEY (decision 015). */
export function createWebhookSecrets(secretKey: string) {
  const key = deriveKey(secretKey, 'webhook-secrets');
  return {
    seal: (plaintext: string) => seal(key, plaintext),
    /** Null when it cannot be opened (SECRET_KEY changed, value altered). */
    tryOpen(sealed: string): string | null {
      try {
        return open(key, sealed);
      } catch {
        return null;
      }
    },
  };
}

type WebhookSecrets = ReturnType<typeof createWebhookSecrets>;

/** `sha256=<hex>` of `${timestamp}.${body}` (docs/decisions/019-notifications.md, Webhook signature). */
function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export type WebhookDeliveryDeps = { db: Db; outbound: OutboundClient; secrets: WebhookSecrets };

/**
 * One signed POST of `body` to the webhook, through the outbound guard (no redirects; a name resolving to
 * a refused address is refused on connect), written to the delivery log whatever happens. The sender and
 * 'Send test' both come through here.
 */
export async function attemptDelivery(
  { db, outbound, secrets }: WebhookDeliveryDeps,
  webhook: Pick<DeliveryTarget, 'id' | 'url' | 'secret'>,
  delivery: { eventType: string; body: string; outboxId: number | null },
): Promise<WebhookAttemptRow> {
  const started = performance.now();
  const result = await post(outbound, secrets, webhook, delivery);
  const attempt = {
    webhookId: webhook.id,
    outboxId: delivery.outboxId,
    eventType: delivery.eventType,
    durationMs: Math.round(performance.now() - started),
    ...result,
  };
  // Posted: the record is what keeps it from going again, so a database away is waited for (db/health.ts).
  return retryWhileDatabaseAway(() => insertAttempt(db, attempt), { maxMs: RECORD_WITHIN_MS });
}

async function post(
  outbound: OutboundClient,
  secrets: WebhookSecrets,
  webhook: Pick<DeliveryTarget, 'url' | 'secret'>,
  { eventType, body }: { eventType: string; body: string },
): Promise<{ ok: boolean; httpStatus: number | null; error: string | null }> {
  const secret = secrets.tryOpen(webhook.secret);
  if (secret === null)
    return { ok: false, httpStatus: null, error: WEBHOOK_DELIVERY_ERRORS.secretUnreadable };
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const res = await outbound.safeFetch(webhook.url, {
      method: 'POST',
      body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxBytes: WEBHOOK_MAX_RESPONSE_BYTES,
      followRedirects: false,
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        [WEBHOOK_EVENT_HEADER]: eventType,
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
      },
    });
    const ok = res.status >= 200 && res.status < 300;
    return { ok, httpStatus: res.status, error: ok ? null : WEBHOOK_DELIVERY_ERRORS.httpStatus(res.status) };
  } catch (err) {
    if (err instanceof OutboundError) return { ok: false, httpStatus: null, error: err.message };
    throw err;
  }
}
