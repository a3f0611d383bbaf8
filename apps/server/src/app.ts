import type { lookup as dnsLookup } from 'node:dns';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { API_BASE, AUTH_BASE } from '@vaskedrift/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Logger } from 'pino';
import { createDocumentation, documentationRoutes } from './composition/documentation';
import { createLocationModules, locationModulesRoutes } from './composition/locations';
import { createNotifying, type Notifying, notifyingRoutes } from './composition/notifying';
import { createPeople, peopleRoutes } from './composition/people';
import { createStatusEngine, type StatusEngine, statusEngineRoutes } from './composition/status-engine';
import type { Config } from './config';
import type { Db } from './db/client';
import { createDatabaseHealth } from './db/health';
import { EventBus } from './events/bus';
import { type Clock, systemClock } from './lib/clock';
import { createOutboundClient } from './lib/outbound';
import { authRoutes, createAuthService, createTokenSigner } from './modules/auth';
import { type Housekeeping, registerHousekeeping } from './modules/housekeeping';
import { subscribeLogs } from './modules/logs';
import { miscRoutes, probeRoutes } from './modules/misc';
import { createMailer, IDLE_POLL_MS, type Mailer } from './modules/notifications';
import { createRealtime, type Realtime } from './modules/realtime';
import { createSystemSettings, type SystemSettingsService, settingsRoutes } from './modules/settings';
import { requireAuthentication } from './plugins/authenticate';
import { registerCloseConnections } from './plugins/close-connections';
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
  /**
   * The status engine's own database pool (decision 029): claims, check writes and the settings its loops
   * read, so API requests can never take its connections. Default: `db`.
   */
  engineDb?: Db;
  /** The pool under `engineDb`. */
  enginePool?: pg.Pool;
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
  /** The wall clock of tokens, reminders, escalation and checks' times (decision 030); tests move one. */
  clock?: Clock;
  /**
   * Learn each attribute's normal after every check (default true; decision 035). The engine bench turns it
   * off to measure what foresight costs a check.
   */
  foresight?: boolean;
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

/** The HTTP layer every route shares: security headers, rate limits, compression, errors, bodies, OpenAPI. */
async function registerHttp(app: FastifyInstance, version: string) {
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
  registerCloseConnections(app);
  registerJsonBodyParser(app);
  await registerOpenApi(app, version);
}

/** Registers plugins and modules. Never listens: server.ts does, and tests use `inject`. */
export async function buildApp({
  config,
  db,
  pool,
  engineDb = db,
  enginePool,
  databaseKind,
  logger,
  dnsLookup,
  backgroundHousekeeping = true,
  backgroundNotifications = true,
  loopbackTargets = [],
  backgroundWebhooks = true,
  clock = systemClock,
  foresight = true,
}: AppOptions): Promise<FastifyInstance> {
  // One error line per database outage, not one per request and loop (db/health.ts).
  const databaseHealth = createDatabaseHealth();
  for (const watched of [pool, enginePool]) if (watched) databaseHealth.watch(watched);
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            ...(typeof logger === 'object' ? logger : { level: config.logLevel }),
            hooks: { logMethod: databaseHealth.logMethod },
          },
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

  await registerHttp(app, config.version);

  const tokens = createTokenSigner(config.secretKey, clock);
  const auth = createAuthService({ db, bus, tokens, maxFailuresPerMinute: config.loginMaxFailuresPerMinute });
  // The notification loops sleep while nothing is due where NOTIFYs wake them: with the pool (issue 28).
  const idleMs = pool ? IDLE_POLL_MS : undefined;
  const mailer = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log, idleMs });
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
  const locationModules = createLocationModules({ config, db, bus, outbound });
  // The settings every loop reads (failure threshold, retention, escalation): decision 025.
  const systemSettings = createSystemSettings({ db, loopDb: engineDb, bus, config });
  app.decorate('systemSettings', systemSettings);
  const statusEngine = createStatusEngine({
    clock,
    foresight,
    config,
    db,
    engineDb,
    enginePool: enginePool ?? pool,
    bus,
    outbound,
    log: app.log as Logger,
    settings: systemSettings,
    // An alert or API event recorded by a check is dispatched at once, not at the next poll (the
    // dispatcher is made below; checks start only once the app is ready).
    onNotificationsRecorded: () => notifying.dispatcher.nudge(),
  });
  app.decorate('statusEngine', statusEngine);
  const notifying = createNotifying({
    clock,
    config,
    db,
    bus,
    mailer,
    outbound,
    log: app.log as Logger,
    statistics: statusEngine.statistics,
    acknowledgeAlert: statusEngine.alerts.acknowledge,
    pool,
    idleMs,
    // Desktop notifications ride the live channel (made below; the dispatcher runs only once the app is ready).
    desktop: (deliveries) => {
      for (const { userIds, notification } of deliveries) realtime.notifyUsers(userIds, notification);
    },
  });
  app.decorate('notifying', notifying);
  // Checks start last when ready (below) and stop before anything else closes (no check half-recorded).
  app.addHook('onReady', async () => {
    // Header values stored before they were sealed are sealed before any check reads them (decision 015).
    const sealed = await statusEngine.apis.sealPlainHeaders();
    if (sealed > 0) app.log.info({ apis: sealed }, 'headerverdier kryptert');
  });
  app.addHook('preClose', () => statusEngine.stop());
  registerHousekeeping(app, { db, config, background: backgroundHousekeeping });
  app.addHook('onReady', async () => notifying.listen());
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
  // Started before the hooks above, a large first round held every pool connection while LISTEN and the
  // live channel's adapter waited past Fastify's 10 s for one (AVV_ERR_READY_TIMEOUT): the server never started.
  app.addHook('onReady', async () => statusEngine.start());
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
      await api.register(locationModulesRoutes, locationModules);
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
