import { LOG_TYPES } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { WebhookEvents } from '../../events/webhook-events';
import { type LogEntries, subscribeLogEntries } from './mapped-entries';

const T = LOG_TYPES.webhook;

const ENTRIES: LogEntries<WebhookEvents> = {
  'webhook.created': { type: T.create, extra: () => ({}) },
  'webhook.updated': { type: T.update, extra: (e) => ({ fields: e.fields }) },
  'webhook.deleted': { type: T.delete, extra: () => ({}) },
};

/** Writes every webhook created, changed or deleted with who did it: names and field names, no secret. */
export function subscribeWebhookLogs(bus: EventBus, db: Db): Array<() => void> {
  return subscribeLogEntries<keyof WebhookEvents>(bus, db, ENTRIES, (e) => ({
    resourceType: 'webhooks',
    resourceId: e.webhookId,
    extraData: { name: e.name },
  }));
}
