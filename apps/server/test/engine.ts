import type { LocationInfo, Simulator } from '@vaskedrift/simulator';
import type { TestContext } from './helpers';
import type { ApiClient } from './locations';
import { createBay, createLocation } from './locations';

/** The API connection body for one simulated facility, with its auth method's credentials. */
export function apiBodyFor(sim: Simulator, location: LocationInfo, overrides: Record<string, unknown> = {}) {
  const auth = location.auth;
  return {
    name: `Kasse ${location.name}`,
    endpointUrl: `${sim.url}${location.endpointPath}`,
    authMethod: auth.kind,
    ...(auth.kind === 'apiKey' ? { apiKey: auth.apiKey } : {}),
    ...(auth.kind === 'bearer' ? { apiKey: auth.token } : {}),
    ...(auth.clientId ? { clientId: auth.clientId, clientSecret: auth.clientSecret } : {}),
    ...(auth.kind === 'oauth2'
      ? { authEndpointUrl: `${sim.url}${auth.authEndpointPath}`, tokenPath: auth.tokenPath }
      : {}),
    checkInterval: 300,
    details: { ...(location.recordsPath ? { recordsPath: location.recordsPath } : {}), timeoutMs: 2000 },
    ...overrides,
  };
}

export type WiredLocation = {
  location: LocationInfo;
  apiId: string;
  apiMetricId: string;
  locationId: string;
  /** Bay ids by the simulator's bay key. */
  bays: Map<string, string>;
  /** Bay attribute ids by bay key and attribute path. */
  bayMetrics: Map<string, string>;
};

/**
 * A facility, its bays, an API connection to the simulated facility, one API attribute and the suggested
 * bay attributes (or those named by path), all through the API as `admin`.
 */
export async function wireLocation(
  admin: ApiClient,
  sim: Simulator,
  location: LocationInfo,
  options: { bays?: number; paths?: string[]; api?: Record<string, unknown> } = {},
): Promise<WiredLocation> {
  const locationId = await createLocation(admin, { name: `Anlegg ${location.name}` });
  const api = await admin.post('backend/apis/create', apiBodyFor(sim, location, options.api));
  if (api.statusCode !== 200) throw new Error(`api: ${api.statusCode} ${api.body}`);
  const apiId = api.json().data.id as string;
  const metric = await admin.post('backend/apis/metrics/create', {
    apiId,
    name: 'Hallstatus',
    description: 'Verdiene til hver vaskehall',
    keyIdentifier: location.keyIdentifier,
    targetKeys: location.targetKeys,
  });
  if (metric.statusCode !== 200) throw new Error(`metric: ${metric.statusCode} ${metric.body}`);
  const apiMetricId = metric.json().data.id as string;
  const bays = new Map<string, string>();
  const bayMetrics = new Map<string, string>();
  const attributes = location.suggestedAttributes.filter(
    (a) => !options.paths || options.paths.includes(a.path),
  );
  for (const bay of location.bays.slice(0, options.bays ?? location.bays.length)) {
    const bayId = await createBay(admin, locationId, { name: bay.name });
    bays.set(bay.key, bayId);
    for (const attribute of attributes) {
      const res = await admin.post('backend/bays/metrics/create', {
        bayId,
        apiMetricId,
        keyValue: bay.key,
        path: attribute.path,
        type: attribute.type,
        operator: attribute.operator,
        ...attribute.thresholds,
      });
      if (res.statusCode !== 200) throw new Error(`bay metric: ${res.statusCode} ${res.body}`);
      bayMetrics.set(`${bay.key}:${attribute.path}`, res.json().data.id);
    }
  }
  return { location, apiId, apiMetricId, locationId, bays, bayMetrics };
}

/**
 * Makes the API due now and checks it through the real claim path, to the end, without waiting out the
 * interval; then the events are out. The test is the only claimer: its app runs no background checks.
 */
export async function runCheck(ctx: TestContext, apiId: string): Promise<void> {
  const engine = ctx.app.statusEngine.engine;
  if (engine.running) {
    throw new Error('runCheck styrer sjekkene selv: lag appen uten backgroundChecks');
  }
  await ctx.database.pool.query(
    `update apis set next_check_at = now() - interval '1 millisecond' where id = $1`,
    [apiId],
  );
  const checked = await engine.checkDue();
  if (!checked.includes(apiId)) throw new Error(`API ${apiId} var ikke forfalt (er den deaktivert?)`);
  await ctx.app.bus.drain();
}

export async function bayStatus(ctx: TestContext, bayId: string): Promise<string> {
  const { rows } = await ctx.database.pool.query('select status from bays where id = $1', [bayId]);
  return rows[0]?.status;
}

export async function attributeRow(ctx: TestContext, bayMetricId: string) {
  const { rows } = await ctx.database.pool.query(
    'select last_level, last_value, last_reason, last_read_at from bay_metrics where id = $1',
    [bayMetricId],
  );
  return rows[0] as {
    last_level: string | null;
    last_value: unknown;
    last_reason: string | null;
    last_read_at: Date | null;
  };
}

export async function checkLogs(ctx: TestContext, apiId: string) {
  const { rows } = await ctx.database.pool.query(
    'select outcome, http_status, error, error_code, source from api_check_logs where api_id = $1 order by id',
    [apiId],
  );
  return rows as Array<{
    outcome: string;
    http_status: number | null;
    error: string | null;
    error_code: string | null;
    source: string;
  }>;
}
