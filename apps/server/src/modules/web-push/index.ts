// Web Push (issue 27): the VAPID keys, the users' push devices, the outbox channel `web_push` that sends them
// what their desktop would show, and the action token behind a notification's 'Jeg ser på det'.
export { createVapidKeys, vapidSubject } from './vapid-keys';
export { enqueueWebPush } from './web-push.fanout';
export { deleteExpiredActionTokens } from './web-push.repository';
export { webPushRoutes } from './web-push.routes';
export { createWebPushSender } from './web-push.sender';
export { type AcknowledgeAlert, createWebPushService } from './web-push.service';
