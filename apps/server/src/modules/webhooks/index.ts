// Outgoing webhooks: their settings, 'Send test' and the delivery log (the sender is notify/webhook.ts).
export { webhooksRoutes } from './webhooks.routes';
export { createWebhooksService, type WebhooksService } from './webhooks.service';
