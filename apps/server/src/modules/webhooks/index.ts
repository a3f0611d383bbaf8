// Outgoing webhooks: their settings, 'Send test' and the delivery log (the sender is notify/webhook.ts).
export { webhooksRoutes } from './webhooks.routes';
export { createWebhooksService } from './webhooks.service';
