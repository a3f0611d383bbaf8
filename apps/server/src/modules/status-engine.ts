import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { EventBus } from '../events/bus';
import type { OutboundClient } from '../lib/outbound';
import { alertsRoutes } from './alerts/alerts.routes';
import { createAlertsService } from './alerts/alerts.service';
import { apiMetricsRoutes } from './api-metrics/api-metrics.routes';
import { createApiMetricsService } from './api-metrics/api-metrics.service';
import { createApiSecrets } from './apis/api-secrets';
import { apisRoutes } from './apis/apis.routes';
import { createApisService } from './apis/apis.service';
import { bayMetricsRoutes } from './bay-metrics/bay-metrics.routes';
import { createBayMetricsService } from './bay-metrics/bay-metrics.service';
import { createEngine } from './checks/engine';
import { pushRoutes } from './push/push.routes';
import { createReadingsService } from './readings/readings.service';

type Deps = { config: Config; db: Db; bus: EventBus; outbound: OutboundClient; log: Logger };

/**
 * The status engine (docs/domain.md, Evaluation), wired once: API connections, API attributes, bay
 * attributes, alerts, readings, pushes, and the engine that checks. `engine.start()` begins checking;
 * `stop()` ends it.
 */
export function createStatusEngine({ config, db, bus, outbound, log }: Deps) {
  const secrets = createApiSecrets(config.secretKey);
  const engine = createEngine({ config, db, bus, outbound, log });
  return {
    db,
    engine,
    secrets,
    apis: createApisService({ db, bus, engine, secrets }),
    apiMetrics: createApiMetricsService({ db, bus }),
    bayMetrics: createBayMetricsService({ db, bus }),
    alerts: createAlertsService({ db, bus }),
    readings: createReadingsService({ db, config }),
  };
}

export type StatusEngine = ReturnType<typeof createStatusEngine>;

/** The /api/v1 routes of the status engine. */
export async function statusEngineRoutes(api: FastifyInstance, engine: StatusEngine) {
  await api.register(apisRoutes, { apis: engine.apis });
  await api.register(apiMetricsRoutes, { apiMetrics: engine.apiMetrics });
  await api.register(bayMetricsRoutes, { bayMetrics: engine.bayMetrics, readings: engine.readings });
  await api.register(alertsRoutes, { alerts: engine.alerts });
  await api.register(pushRoutes, { db: engine.db, engine: engine.engine, secrets: engine.secrets });
}
