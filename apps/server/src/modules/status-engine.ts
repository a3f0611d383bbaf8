import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { EventBus } from '../events/bus';
import type { OutboundClient } from '../lib/outbound';
import { alertsRoutes, createAlertEscalation, createAlertsService } from './alerts';
import { apiMetricsRoutes, createApiMetricsService } from './api-metrics';
import { apisRoutes, createApisService } from './apis';
import { bayMetricsRoutes, createBayMetricsService, createReadingsService } from './bay-metrics';
import { createApiSecrets, createEngine } from './engine';
import { createMaintenanceService, maintenanceRoutes } from './maintenance';
import { pushRoutes } from './push';
import type { SystemSettingsReader } from './settings';
import { createStatisticsService, statisticsRoutes } from './statistics';

type Deps = {
  config: Config;
  db: Db;
  bus: EventBus;
  outbound: OutboundClient;
  log: Logger;
  /** The system settings in force: escalation delay, default failure threshold, retention. */
  settings: SystemSettingsReader;
  /** Called after a commit that recorded notification events (the dispatcher's nudge); default none. */
  onNotificationsRecorded?: () => void;
};

/**
 * The status engine (docs/domain.md, Evaluation), wired once: API connections, API attributes, bay
 * attributes, alerts and their escalation, readings, maintenance, statistics, pushes, and the engine that
 * checks.
 * `start()` begins checking and escalating (when `CHECKS_ENABLED`); `stop()` ends both.
 */
export function createStatusEngine({
  config,
  db,
  bus,
  outbound,
  log,
  settings,
  onNotificationsRecorded = () => {},
}: Deps) {
  const secrets = createApiSecrets(config.secretKey);
  // What the system settings say now (cached briefly): how long history is kept, the default failure threshold.
  const retention = async () => {
    const s = await settings.current();
    return {
      rawHours: s.rawRetentionHours,
      minuteDays: s.minuteRetentionDays,
      hourDays: s.hourRetentionDays,
      checkLogDays: s.checkLogRetentionDays,
    };
  };
  const failureThreshold = async () => (await settings.current()).failureThreshold;
  const heartbeatMs = config.readings.heartbeatMinutes * 60_000;
  const engine = createEngine({
    config,
    db,
    bus,
    outbound,
    log,
    onNotificationsRecorded,
    retention,
    failureThreshold,
  });
  const escalation = createAlertEscalation({
    db,
    log,
    minutes: async () => (await settings.current()).escalationMinutes,
    onNotificationsRecorded,
  });
  return {
    db,
    engine,
    escalation,
    start() {
      if (!config.checks.enabled) return;
      engine.start();
      escalation.start();
    },
    async stop() {
      await Promise.all([engine.stop(), escalation.stop()]);
    },
    secrets,
    apis: createApisService({ db, bus, engine, secrets, failureThreshold }),
    apiMetrics: createApiMetricsService({ db, bus }),
    bayMetrics: createBayMetricsService({ db, bus }),
    alerts: createAlertsService({ db, bus }),
    readings: createReadingsService({ db, retention, heartbeatMs }),
    maintenance: createMaintenanceService({ db, bus }),
    statistics: createStatisticsService({ db }),
  };
}

export type StatusEngine = ReturnType<typeof createStatusEngine>;

/** The /api/v1 routes of the status engine. */
export async function statusEngineRoutes(api: FastifyInstance, engine: StatusEngine) {
  await api.register(apisRoutes, { apis: engine.apis });
  await api.register(apiMetricsRoutes, { apiMetrics: engine.apiMetrics });
  await api.register(bayMetricsRoutes, { bayMetrics: engine.bayMetrics, readings: engine.readings });
  await api.register(alertsRoutes, { alerts: engine.alerts });
  await api.register(maintenanceRoutes, { maintenance: engine.maintenance });
  await api.register(statisticsRoutes, { statistics: engine.statistics });
  await api.register(pushRoutes, { db: engine.db, engine: engine.engine, secrets: engine.secrets });
}
