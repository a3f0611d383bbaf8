import type { lookup as dnsLookup } from 'node:dns';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { API_BASE, AUTH_BASE } from '@vaskedrift/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Db } from './db/client';
import { EventBus } from './events/bus';
import { createOutboundClient } from './lib/outbound';
import { authRoutes, createAuthService, createTokenSigner } from './modules/auth';
import { createDocumentation, documentationRoutes } from './modules/documentation';
import { createFacilities, facilitiesRoutes } from './modules/facilities';
import { type Housekeeping, registerHousekeeping } from './modules/housekeeping';
import { subscribeLogs } from './modules/logs';
import { miscRoutes, probeRoutes } from './modules/misc';
import { createNotifying, type Notifying, notifyingRoutes } from './modules/notifying';
import { createPeople, peopleRoutes } from './modules/people';
import { createRealtime, type Realtime } from './modules/realtime';
import { createSystemSettings, type SystemSettingsService, settingsRoutes } from './modules/settings';
import { createStatusEngine, type StatusEngine, statusEngineRoutes } from './modules/status-engine';
import { createMailer, type Mailer } from './notify/email';
import { requireAuthentication } from './plugins/authenticate';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling } from './plugins/errors';
import { registerJsonBodyParser } from './plugins/json-body';
import { openApiRoute, registerOpenApi } from './plugins/openapi';
import { registerWeb } from './plugins/web';

export type AppOptions = {
  config: Config;
  db: Db;
  /** The pool under `db`: the live channel's adapter reaches the other instances through it (decision 020). */
  pool?: pg.Pool;
  databaseKind: 'embedded' | 'external';
  /** pino options, or false to stay quiet (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Test hook: the DNS lookup outbound requests use (a name resolving to the metadata address). */
  dnsLookup?: typeof dnsLookup;
  /** Run the daily housekeeping rounds (default true). Tests run them by hand instead. */
  backgroundHousekeeping?: boolean;
  /**
   * Run the notification dispatcher and the maintenance reminders in the background (default true). Tests
   * call `app.notifying.dispatcher.dispatchDue()` and `app.notifying.reminders.runDue(now)` instead.
   */
  backgroundNotifications?: boolean;
  /** Exact loopback `address:port` targets outbound requests may reach (the demo's simulator; decision 016). */
  loopbackTargets?: string[];
  /**
   * Run the webhook sender in the background (default true). Tests call
   * `app.notifying.webhookSender.sendDue(now)` instead.
   */
  backgroundWebhooks?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    bus: EventBus;
    mailer: Mailer;
    statusEngine: StatusEngine;
    housekeeping: Housekeeping;
    notifying: Notifying;
    realtime: Realtime;
    systemSettings: SystemSettingsService;
  }
}

/** Registers plugins and modules. Never listens: server.ts does, and tests use `inject`. */
export async function buildApp({
  config,
  db,
  pool,
  databaseKind,
  logger,
  dnsLookup,
  backgroundHousekeeping = true,
  backgroundNotifications = true,
  loopbackTargets = [],
  backgroundWebhooks = true,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const bus = new EventBus(app.log);
  app.decorate('bus', bus);
  const unsubscribeLogs = subscribeLogs(bus, db);
  app.addHook('onClose', async () => {
    await bus.drain();
    unsubscribeLogs();
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'upgrade-insecure-requests': null,
        'img-src': ["'self'", 'data:', 'blob:'],
      },
    },
    // Served over plain HTTP on a LAN as often as behind TLS: HSTS belongs to the TLS terminator.
    strictTransportSecurity: false,
  });
  await app.register(rateLimit, { global: false, keyGenerator: (req) => req.ip ?? 'local' });
  await registerCompression(app);
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  await registerOpenApi(app, config.version);

  const tokens = createTokenSigner(config.secretKey);
  const auth = createAuthService({ db, bus, tokens, maxFailuresPerMinute: config.loginMaxFailuresPerMinute });
  const mailer = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => mailer.stop());
  const people = createPeople({ config, db, bus, mailer, auth });
  // The one way out to controllers, cameras and webhooks (docs/domain.md, Checks).
  const outbound = createOutboundClient({
    allowLoopback: config.allowLoopbackTargets,
    allowPrivate: config.allowPrivateTargets,
    loopbackTargets,
    lookup: dnsLookup,
  });
  app.addHook('onClose', () => outbound.close());
  const facilities = createFacilities({ config, db, bus, outbound });
  // The settings every loop reads (failure threshold, retention, escalation): decision 025.
  const systemSettings = createSystemSettings({ db, bus, config });
  app.decorate('systemSettings', systemSettings);
  const notifying = createNotifying({
    config,
    db,
    bus,
    mailer,
    outbound,
    log: app.log as Logger,
    // Desktop notifications ride the live channel (made below; the dispatcher runs only once the app is ready).
    desktop: (deliveries) => {
      for (const { userIds, notification } of deliveries) realtime.notifyUsers(userIds, notification);
    },
  });
  app.decorate('notifying', notifying);
  const statusEngine = createStatusEngine({
    config,
    db,
    bus,
    outbound,
    log: app.log as Logger,
    settings: systemSettings,
    // An alert or API event recorded by a check is dispatched at once, not at the next poll.
    onNotificationsRecorded: () => notifying.dispatcher.nudge(),
  });
  app.decorate('statusEngine', statusEngine);
  // Checks start once the app is ready and stop before anything else closes (no check half-recorded).
  app.addHook('onReady', async () => {
    // Header values stored before they were sealed are sealed before any check reads them (decision 015).
    const sealed = await statusEngine.apis.sealPlainHeaders();
    if (sealed > 0) app.log.info({ apis: sealed }, 'headerverdier kryptert');
    statusEngine.start();
  });
  app.addHook('preClose', () => statusEngine.stop());
  registerHousekeeping(app, { db, config, background: backgroundHousekeeping });
  if (backgroundNotifications) app.addHook('onReady', async () => notifying.start());
  if (backgroundWebhooks) app.addHook('onReady', async () => notifying.webhookSender.start());
  // Before the mailer stops: a batch in hand commits its rows, then the sender is closed.
  app.addHook('preClose', () => notifying.stop());

  // The live channel on the app's own server (decision 020).
  const realtime = createRealtime({
    db,
    pool,
    bus,
    auth,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    allowLoopbackOrigins: config.env === 'development',
    log: app.log as Logger,
  });
  app.decorate('realtime', realtime);
  app.addHook('onReady', async () => realtime.attach(app.server));
  // Sockets end as the shutdown starts; the journal records until the requests in flight have finished.
  app.addHook('preClose', async () => realtime.disconnectAll());
  app.addHook('onClose', () => realtime.close());

  await app.register(authRoutes, { prefix: AUTH_BASE, auth, recovery: people.recovery, mfa: people.mfa });
  await app.register(
    async (api) => {
      requireAuthentication(api, auth);
      openApiRoute(api);
      await api.register(miscRoutes, { db, version: config.version, databaseKind });
      await api.register(probeRoutes, { db });
      await api.register(peopleRoutes, people);
      await api.register(facilitiesRoutes, facilities);
      await api.register(statusEngineRoutes, statusEngine);
      await api.register(notifyingRoutes, notifying);
      await api.register(documentationRoutes, createDocumentation({ db, bus }));
      await api.register(settingsRoutes, { settings: systemSettings });
    },
    { prefix: API_BASE },
  );
  await registerWeb(app, config.webDist);
  return app;
}
