import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { EventBus } from '../events/bus';
import { type Clock, systemClock } from '../lib/clock';
import { createOutboundClient, type OutboundClient } from '../lib/outbound';
import { createMaintenanceReminders } from '../modules/maintenance';
import type { DesktopSink, Mailer } from '../modules/notifications';
import {
  createDispatcher,
  createRecipientsService,
  createWebhookSender,
  listenForWakeups,
  recipientsRoutes,
} from '../modules/notifications';
import { createReportRenderer, createReportScheduler } from '../modules/reports';
import type { StatisticsService } from '../modules/statistics';
import {
  type AcknowledgeAlert,
  createVapidKeys,
  createWebPushSender,
  createWebPushService,
  enqueueWebPush,
  vapidSubject,
  webPushRoutes,
} from '../modules/web-push';
import { createWebhooksService, webhooksRoutes } from '../modules/webhooks';

type Deps = {
  config: Config;
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  outbound: OutboundClient;
  log: Logger;
  /** Where desktop notifications go after each dispatch (the realtime channel). */
  desktop?: DesktopSink;
  /** The availability report the weekly and monthly report e-mails carry. */
  statistics: Pick<StatisticsService, 'report'>;
  /** The clock of reminders, reports, recipients' intervals and the webhooks' 24-hour rule (decision 030). */
  clock?: Clock;
  /** The alerts service's 'Jeg ser på det', which a push notification's action uses. */
  acknowledgeAlert: AcknowledgeAlert;
  /**
   * With the app's pool the loops are woken by NOTIFY (`listen()`) and sleep while nothing is due, at most
   * `idleMs`; without one they poll every second.
   */
  pool?: pg.Pool;
  idleMs?: number;
};

/**
 * Who is told what, and the loops that tell them (docs/decisions/019-notifications.md): the recipients,
 * the dispatcher that turns recorded events into e-mails and webhook deliveries, the maintenance
 * reminders, the weekly and monthly reports, and the webhooks with their sender. `start()` runs the dispatcher and the reminders (the app
 * starts the webhook sender on its own); `stop()` ends every loop after the pass in hand.
 */
export function createNotifying({
  config,
  db,
  bus,
  mailer,
  outbound,
  log,
  desktop,
  statistics,
  clock = systemClock,
  acknowledgeAlert,
  pool,
  idleMs,
}: Deps) {
  // Web Push (decision 038): the key pair every instance shares, its sender, and the devices.
  const vapidKeys = createVapidKeys(db, config.secretKey);
  // Push services are on the internet: a subscription's address never reaches a private network, and
  // loopback only with ALLOW_LOOPBACK_TARGETS (a local push service in development and tests).
  const pushOutbound = createOutboundClient({
    allowLoopback: config.allowLoopbackTargets,
    allowPrivate: false,
  });
  let pushOutboundClosed = false;
  const webPushSender = createWebPushSender({
    db,
    bus,
    outbound: pushOutbound,
    keys: vapidKeys,
    subject: vapidSubject(config.publicUrl, config.mailFrom),
    log,
    idleMs,
    clock: () => clock.now(),
  });
  const webhookSender = createWebhookSender({
    db,
    outbound,
    secretKey: config.secretKey,
    log,
    idleMs,
    clock: () => clock.now(),
  });
  const dispatcher = createDispatcher({
    db,
    deliversEmail: mailer.delivers,
    publicUrl: config.publicUrl,
    log,
    senders: [mailer, webhookSender, webPushSender],
    fanouts: [enqueueWebPush],
    desktop,
    reports: createReportRenderer({ statistics, publicUrl: config.publicUrl }),
    incidentGroupWaitMs: config.incidentGroupWaitMs,
    idleMs,
    clock,
  });
  const reminders = createMaintenanceReminders({ db, bus, log, onRecorded: dispatcher.nudge, clock });
  const reports = createReportScheduler({ db, log, onRecorded: dispatcher.nudge, clock });
  // Maintenance records its events in its own transactions; the bus tells us once they are committed.
  const offs = [
    bus.on('maintenance.started', dispatcher.nudge),
    bus.on('maintenance.ended', dispatcher.nudge),
  ];
  const senders = { email: mailer, webhook: webhookSender, web_push: webPushSender };
  let wakeups: ReturnType<typeof listenForWakeups> | undefined;
  return {
    recipients: createRecipientsService({ db, bus }),
    webhooks: createWebhooksService({ db, bus, outbound, secretKey: config.secretKey }),
    webhookSender,
    webPushSender,
    webPush: createWebPushService({ db, bus, keys: vapidKeys, acknowledge: acknowledgeAlert, clock }),
    dispatcher,
    reminders,
    reports,
    /** Wakes the loops on every instance's commits (once the app is ready; with the pool only). */
    listen() {
      if (!pool || wakeups) return;
      wakeups = listenForWakeups({
        pool,
        log,
        events: dispatcher.nudge,
        outbox: (channel) => senders[channel]?.nudge(),
        listening: () => {
          dispatcher.nudge();
          for (const sender of Object.values(senders)) sender.nudge();
        },
      });
    },
    start() {
      dispatcher.start();
      webPushSender.start();
      // Made at the first start, not at the first subscription (the key is the server's, not a user's).
      vapidKeys().catch((err: unknown) => log.error({ err }, 'VAPID-nøklene kunne ikke lages eller leses'));
      reminders.start();
      reports.start();
    },
    async stop() {
      for (const off of offs) off();
      await wakeups?.stop();
      await Promise.all([
        reminders.stop(),
        reports.stop(),
        dispatcher.stop(),
        webhookSender.stop(),
        webPushSender.stop(),
      ]);
      // stop() may run twice (a test, then the app's close): the client closes once.
      if (!pushOutboundClosed) {
        pushOutboundClosed = true;
        await pushOutbound.close();
      }
    },
  };
}

export type Notifying = ReturnType<typeof createNotifying>;

/** The /api/v1 routes of notification settings. */
export async function notifyingRoutes(api: FastifyInstance, notifying: Notifying) {
  await api.register(recipientsRoutes, { recipients: notifying.recipients });
  await api.register(webhooksRoutes, { webhooks: notifying.webhooks });
  await api.register(webPushRoutes, { webPush: notifying.webPush });
}
