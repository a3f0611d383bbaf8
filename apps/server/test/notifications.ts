import type { FastifyInstance } from 'fastify';
import type { TestContext } from './helpers';
import { type ApiClient, createBay, createLocation } from './locations';

/** A pushed location: an API fed by pushes (never polled), its location, bays and their attributes. */
export type PushedLocation = {
  apiId: string;
  locationId: string;
  /** Bay ids by key (`hall-1`…). */
  bays: Map<string, string>;
  /** Bay attribute ids by `<bay key>:<path>`. */
  bayMetrics: Map<string, string>;
  /** Pushes one record per bay key (to `app`, by default the test app's); answers the HTTP status. */
  push(values: Record<string, Record<string, unknown>>, app?: FastifyInstance): Promise<number>;
  /** Pushes a body that is not JSON: a failed check. */
  pushGarbage(app?: FastifyInstance): Promise<number>;
};

/**
 * Bays `hall-1`…`hall-<bays>` with a number attribute per path: critical above 90, warning above 70,
 * active above or at 0 (`gt`). Values come only from pushes, so a test sets each check's values exactly.
 */
export async function pushedLocation(
  ctx: TestContext,
  admin: ApiClient,
  options: { bays?: number; paths?: string[]; pendingChecks?: number } = {},
): Promise<PushedLocation> {
  const api = (
    await admin.post('backend/apis/create', {
      name: `Kasse ${Math.random().toString(36).slice(2, 8)}`,
      endpointUrl: 'http://10.255.255.1/status',
      checkInterval: 3600,
      details: { recordsPath: 'data.bays' },
    })
  ).json().data as { id: string; pushPath: string };
  const metric = (
    await admin.post('backend/apis/metrics/create', {
      apiId: api.id,
      name: 'Hallverdier',
      description: 'Verdiene til hver vaskehall',
      keyIdentifier: 'id',
      targetKeys: (options.paths ?? ['temp']).join(', '),
    })
  ).json().data as { id: string };
  const locationId = await createLocation(admin, { name: `Anlegg ${api.id.slice(0, 6)}` });
  const bays = new Map<string, string>();
  const bayMetrics = new Map<string, string>();
  for (let i = 1; i <= (options.bays ?? 1); i++) {
    const key = `hall-${i}`;
    const bayId = await createBay(admin, locationId, { name: `Hall ${i}` });
    bays.set(key, bayId);
    for (const path of options.paths ?? ['temp']) {
      const res = await admin.post('backend/bays/metrics/create', {
        bayId,
        apiMetricId: metric.id,
        keyValue: key,
        path,
        type: 'number',
        operator: 'gt',
        thresholdCritical: '90',
        thresholdWarning: '70',
        thresholdInactive: '',
        thresholdActive: '-1',
        ...(options.pendingChecks ? { pendingChecks: options.pendingChecks } : {}),
      });
      if (res.statusCode !== 200) throw new Error(`bay metric: ${res.statusCode} ${res.body}`);
      bayMetrics.set(`${key}:${path}`, res.json().data.id);
    }
  }
  const send = async (payload: string, app: FastifyInstance) => {
    const res = await app.inject({
      method: 'POST',
      url: api.pushPath,
      payload,
      headers: { 'content-type': 'application/json' },
    });
    await app.bus.drain();
    return res.statusCode;
  };
  return {
    apiId: api.id,
    locationId,
    bays,
    bayMetrics,
    push: (values, app = ctx.app) =>
      send(
        JSON.stringify({ data: { bays: Object.entries(values).map(([id, fields]) => ({ id, ...fields })) } }),
        app,
      ),
    pushGarbage: (app = ctx.app) => send('{ikke json', app),
  };
}

export type RecordedEvent = {
  id: number;
  type: string;
  tag: string;
  dedupe_key: string;
  bay_ids: string[];
  location_ids: string[];
  api_id: string | null;
  alert_id: string | null;
  payload: Record<string, unknown>;
  suppressed: string | null;
};

/** The notification events recorded so far, oldest first. */
export async function recordedEvents(ctx: TestContext): Promise<RecordedEvent[]> {
  const { rows } = await ctx.database.pool.query(
    `select id, type, tag, dedupe_key, bay_ids, location_ids, api_id, alert_id, payload, suppressed
     from notification_events order by id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
