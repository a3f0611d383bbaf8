import type { WebhookBody, WebhookIncident } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox, webhooks } from '../../db/schema';
import { renderDesktop } from './desktop';
import type { NotificationEventRow } from './events';
import type { IncidentEventPayload } from './payloads';

type Event = Pick<NotificationEventRow, 'id' | 'type' | 'createdAt' | 'payload'>;

/** An incident event's `incident`: the same id from the opening to the resolution (decision 033). */
function incidentOf(p: IncidentEventPayload): WebhookIncident {
  return {
    id: p.incidentId,
    level: p.level,
    openedAt: p.openedAt,
    resolvedAt: p.resolvedAt ?? null,
    durationSeconds: p.durationSeconds ?? null,
    causes: p.causes ?? [],
  };
}

/**
 * The body a receiver gets for an event: made once, at dispatch, and signed at each attempt. Its summary
 * and link are the desktop notification's (desktop.ts) as a reader without a role gets them: whoever reads
 * the receiver's channel, the link opens the bay's panel on the dashboard, which every role that sees the
 * bay may open.
 */
export function webhookBody(event: Event, publicUrl: string): string {
  const shown = renderDesktop(event, null, null);
  const body: WebhookBody = {
    id: String(event.id),
    type: event.type,
    time: event.createdAt.toISOString(),
    summary: `${shown.title}: ${shown.body.replaceAll('\n', ' ')}`,
    link: `${publicUrl}${shown.url}`,
    ...(event.type.startsWith('incident.')
      ? { incident: incidentOf(event.payload as IncidentEventPayload) }
      : {}),
    payload: event.payload,
  };
  return JSON.stringify(body);
}

/**
 * In the dispatcher's transaction: one pending `webhook` outbox row per (event, enabled webhook whose tags
 * include the event's tag). Webhooks see every facility (only admins configure them); suppressed events and
 * `system` notices are not passed in. The unique (event, channel, recipient) index makes a repeat a no-op.
 */
export async function enqueueWebhookDeliveries(
  tx: Db,
  events: NotificationEventRow[],
  publicUrl: string,
): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(sql`
    insert into ${outbox} (channel, "to", subject, text, kind, status, event_id, recipient_key, webhook_id)
    select 'webhook', w.url, e.type, e.body, 'webhook/' || e.type, 'pending', e.id, w.id::text, w.id
    from jsonb_to_recordset(${JSON.stringify(
      events.map((e) => ({ id: e.id, type: e.type, tag: e.tag, body: webhookBody(e, publicUrl) })),
    )}::jsonb) as e(id bigint, type text, tag text, body text)
    join ${webhooks} w on w.enabled and e.tag = any(w.tags)
    on conflict (event_id, channel, recipient_key) where event_id is not null do nothing`);
}
