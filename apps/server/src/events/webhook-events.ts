import type { Actor } from './actor';

/** Admin changes to outgoing webhooks; `fields` names what changed, never a value (the secret). */
export type WebhookEvents = {
  'webhook.created': Actor & { webhookId: string; name: string };
  'webhook.updated': Actor & { webhookId: string; name: string; fields: string[] };
  'webhook.deleted': Actor & { webhookId: string; name: string };
};
