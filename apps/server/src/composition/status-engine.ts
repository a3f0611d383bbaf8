import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { EventBus } from '../events/bus';
import { createApiSecrets } from '../lib/api-secrets';
import { type Clock, systemClock } from '../lib/clock';
import type { OutboundClient } from '../lib/outbound';
import { alertsRoutes, createAlertEscalation, createAlertsService } from '../modules/alerts';
import { apiMetricsRoutes, createApiMetricsService } from '../modules/api-metrics';
import { apisRoutes, createApisService } from '../modules/apis';
import { bayMetricsRoutes, createBayMetricsService, createReadingsService } from '../modules/bay-metrics';
import { createEngine } from '../modules/engine';
import { createForesight } from '../modules/foresight';
import {
  createMaintenancePlanRunner,
  createMaintenancePlansService,
  createMaintenanceService,
  maintenancePlansRoutes,
  maintenanceRoutes,
} from '../modules/maintenance';
import { pushRoutes } from '../modules/push';
import type { SystemSettingsReader } from '../modules/settings';
import { createStatisticsService, statisticsRoutes } from '../modules/statistics';

type Deps = {
  config: Config;
  db: Db;
  /** The engine's own pool (decision 029): checks never wait behind API requests for a connection. */
  engineDb?: Db;
  /**
   * The pool under `engineDb` (or any of the database): the scheduler hears through a connection made
   * with its settings of APIs falling due sooner (decision 009).
   */
  enginePool?: pg.Pool;
  bus: EventBus;
  outbound: OutboundClient;
  log: Logger;
  /** The system settings in force: escalation delay, default failure threshold, retention. */
  settings: SystemSettingsReader;
  /** Called after a commit that recorded notification events (the dispatcher's nudge); default none. */
  onNotificationsRecorded?: () => void;
  /** The clock of checks' times, escalation, maintenance starts and planned maintenance (decision 030). */
  clock?: Clock;
  /** Hand each check's values to foresight (default true; off only in the engine bench's comparison). */
  foresight?: boolean;
};

/**
 * The status engine (docs/domain.md, Evaluation), wired once: API connections, API attributes, bay
 * attributes, alerts and their escalation, readings, maintenance and its plans, statistics, pushes, and the
 * engine that checks.
 * `start()` begins checking, escalating and running planned maintenance (when `CHECKS_ENABLED`); `stop()`
 * ends all three.
 */
export function createStatusEngine({
  config,
  db,
  engineDb = db,
  enginePool,
  bus,
  outbound,
  log,
  settings,
  onNotificationsRecorded = () => {},
  clock = systemClock,
  foresight: learning = true,
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
  // Each number attribute's normal and expected crossing, learned after each check (decision 035).
  const foresight = createForesight({
    db,
    bus,
    log,
    horizonMinutes: async () => (await settings.current()).predictionHorizonMinutes,
    onNotificationsRecorded,
    clock,
  });
  const engine = createEngine({
    config,
    db: engineDb,
    bus,
    outbound,
    log,
    onNotificationsRecorded,
    retention,
    failureThreshold,
    clock,
    ...(learning ? { onEvaluated: foresight.observe, onReleased: foresight.forgetApis } : {}),
    ...(enginePool ? { pool: enginePool } : {}),
  });
  const escalation = createAlertEscalation({
    db,
    log,
    minutes: async () => (await settings.current()).escalationMinutes,
    onNotificationsRecorded,
    clock,
  });
  // Planned maintenance enters and leaves on time (docs/domain.md, Maintenance: planned maintenance).
  const planRunner = createMaintenancePlanRunner({
    db,
    bus,
    log,
    onRecorded: onNotificationsRecorded,
    clock,
  });
  const statistics = createStatisticsService({
    db,
    log,
    statementTimeoutMs: config.statistics.statementTimeoutMs,
  });
  return {
    db,
    engine,
    escalation,
    planRunner,
    foresight,
    start() {
      if (!config.checks.enabled) return;
      engine.start();
      escalation.start();
      planRunner.start();
      statistics.rollup.start();
    },
    async stop() {
      await Promise.all([engine.stop(), escalation.stop(), planRunner.stop(), statistics.rollup.stop()]);
      // The checks have ended: foresight's last writes (its stored verdicts) before the pool closes.
      await foresight.stop();
    },
    secrets,
    apis: createApisService({ db, bus, engine, secrets, failureThreshold }),
    apiMetrics: createApiMetricsService({ db, bus }),
    bayMetrics: createBayMetricsService({ db, bus, clock }),
    alerts: createAlertsService({ db, bus }),
    readings: createReadingsService({ db, retention, heartbeatMs }),
    maintenance: createMaintenanceService({ db, bus, clock }),
    maintenancePlans: createMaintenancePlansService({ db, bus, clock, onChanged: planRunner.nudge }),
    statistics,
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
  await api.register(maintenancePlansRoutes, { plans: engine.maintenancePlans });
  await api.register(statisticsRoutes, { statistics: engine.statistics });
  await api.register(pushRoutes, { db: engine.db, engine: engine.engine, secrets: engine.secrets });
}
