import type { WebhookBody } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox, webhooks } from '../db/schema';
import type { NotificationEventRow } from './notification-events';

/** The body a receiver gets for an event: made once, at dispatch, and signed at each attempt. */
export function webhookBody(
  event: Pick<NotificationEventRow, 'id' | 'type' | 'createdAt' | 'payload'>,
): string {
  const body: WebhookBody = {
    id: String(event.id),
    type: event.type,
    time: event.createdAt.toISOString(),
    payload: event.payload,
  };
  return JSON.stringify(body);
}

/**
 * In the dispatcher's transaction: one pending `webhook` outbox row per (event, enabled webhook whose tags
 * include the event's tag). Webhooks see every facility (only admins configure them); suppressed events and
 * `system` notices are not passed in. The unique (event, channel, recipient) index makes a repeat a no-op.
 */
export async function enqueueWebhookDeliveries(tx: Db, events: NotificationEventRow[]): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(sql`
    insert into ${outbox} (channel, "to", subject, text, kind, status, event_id, recipient_key, webhook_id)
    select 'webhook', w.url, e.type, e.body, 'webhook/' || e.type, 'pending', e.id, w.id::text, w.id
    from jsonb_to_recordset(${JSON.stringify(
      events.map((e) => ({ id: e.id, type: e.type, tag: e.tag, body: webhookBody(e) })),
    )}::jsonb) as e(id bigint, type text, tag text, body text)
    join ${webhooks} w on w.enabled and e.tag = any(w.tags)
    on conflict (event_id, channel, recipient_key) where event_id is not null do nothing`);
}
