import { WEBHOOK_LOG_TYPES as T } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { WebhookEvents } from '../../events/webhook-events';
import { insertLog } from './logs.repository';

type Event = keyof WebhookEvents;

/** How each webhook change reads in the audit log; a new event fails `tsc` until it has a line here. */
const ENTRIES: {
  [K in Event]: { type: string; extra: (e: WebhookEvents[K]) => Record<string, unknown> };
} = {
  'webhook.created': { type: T.create, extra: () => ({}) },
  'webhook.updated': { type: T.update, extra: (e) => ({ fields: e.fields }) },
  'webhook.deleted': { type: T.delete, extra: () => ({}) },
};

/** Writes every webhook created, changed or deleted with who did it: names and field names, no secret. */
export function subscribeWebhookLogs(bus: EventBus, db: Db): Array<() => void> {
  return (Object.keys(ENTRIES) as Event[]).map((event) =>
    bus.on(event, (e: WebhookEvents[typeof event]) => {
      const entry = ENTRIES[event] as {
        type: string;
        extra: (e: WebhookEvents[Event]) => Record<string, unknown>;
      };
      return insertLog(db, {
        type: entry.type,
        resourceType: 'webhooks',
        resourceId: e.webhookId,
        userId: e.userId,
        ip: e.ip,
        extraData: { name: e.name, ...entry.extra(e) },
      });
    }),
  );
}
