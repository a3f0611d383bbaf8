// Notifications (varsling, docs/domain.md): the events other modules record, the dispatcher that turns them into
// e-mail, webhook and desktop deliveries through the outbox, and the recipients (mottakere) who are told of what.
export { type DesktopSink, renderDesktop } from './desktop';
export { createDispatcher, type ReportRenderer } from './dispatcher';
export {
  claimUndispatchedEvents,
  deleteDispatchedEvents,
  mergeTargets,
  type NotificationTarget,
} from './dispatcher.repository';
export { createMailer, type EmailMessage, type Mailer, retryDelaySeconds } from './email';
export {
  type NewNotificationEvent,
  type NotificationEventRow,
  recordNotificationEvents,
  recordNotificationEventsOf,
  suppressionOf,
} from './events';
export {
  claimDueMessages,
  deleteFinishedMessages,
  markMessageFailed,
  nextAttemptAt,
  type OutboxRow,
} from './outbox.repository';
export type {
  AlertEventPayload,
  ApiEventBay,
  IncidentEventPayload,
  MaintenanceEventPayload,
} from './payloads';
export { createPoller, IDLE_POLL_MS } from './poller';
export { recipientsRoutes } from './recipients.routes';
export { createRecipientsService } from './recipients.service';
export { renderedPerAudience } from './rendered-per-audience';
export { listenForWakeups } from './wakeups';
export { createWebhookSender } from './webhook';
export { deleteOldAttempts } from './webhook.repository';
export { attemptDelivery, createWebhookSecrets } from './webhook-delivery';
export { enqueueWebhookDeliveries } from './webhook-fanout';
