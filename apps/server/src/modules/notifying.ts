import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { EventBus } from '../events/bus';
import type { OutboundClient } from '../lib/outbound';
import type { DesktopSink } from '../notify/desktop';
import { createDispatcher } from '../notify/dispatcher';
import type { Mailer } from '../notify/email';
import { createWebhookSender } from '../notify/webhook';
import { createMaintenanceReminders } from './maintenance';
import { createNotificationsService, notificationsRoutes } from './notifications';
import { createWebhooksService, webhooksRoutes } from './webhooks';

type Deps = {
  config: Config;
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  outbound: OutboundClient;
  log: Logger;
  /** Where desktop notifications go after each dispatch (the realtime channel). */
  desktop?: DesktopSink;
};

/**
 * Who is told what, and the loops that tell them (docs/decisions/019-notifications.md): the recipients,
 * the dispatcher that turns recorded events into e-mails and webhook deliveries, the maintenance
 * reminders, and the webhooks with their sender. `start()` runs the dispatcher and the reminders (the app
 * starts the webhook sender on its own); `stop()` ends every loop after the pass in hand.
 */
export function createNotifying({ config, db, bus, mailer, outbound, log, desktop }: Deps) {
  const webhookSender = createWebhookSender({ db, outbound, secretKey: config.secretKey, log });
  const dispatcher = createDispatcher({
    db,
    deliversEmail: mailer.delivers,
    publicUrl: config.publicUrl,
    log,
    senders: [mailer, webhookSender],
    desktop,
  });
  const reminders = createMaintenanceReminders({ db, bus, log, onRecorded: dispatcher.nudge });
  // Maintenance records its events in its own transactions; the bus tells us once they are committed.
  const offs = [
    bus.on('maintenance.started', dispatcher.nudge),
    bus.on('maintenance.ended', dispatcher.nudge),
  ];
  return {
    recipients: createNotificationsService({ db, bus }),
    webhooks: createWebhooksService({ db, bus, outbound, secretKey: config.secretKey }),
    webhookSender,
    dispatcher,
    reminders,
    start() {
      dispatcher.start();
      reminders.start();
    },
    async stop() {
      for (const off of offs) off();
      await Promise.all([reminders.stop(), dispatcher.stop(), webhookSender.stop()]);
    },
  };
}

export type Notifying = ReturnType<typeof createNotifying>;

/** The /api/v1 routes of notification settings. */
export async function notifyingRoutes(api: FastifyInstance, notifying: Notifying) {
  await api.register(notificationsRoutes, { notifications: notifying.recipients });
  await api.register(webhooksRoutes, { webhooks: notifying.webhooks });
}
