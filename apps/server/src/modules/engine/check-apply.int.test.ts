import type { JsonRecord } from '@vaskedrift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller } from '../../../test/locations';
import { type PushedLocation, pushedLocation } from '../../../test/notifications';
import type { Db } from '../../db/client';
import { type AppliedCheck, applyChecks, type FullCheck } from './check-apply';

/*
 * The full transaction set-based (decision 009): several full checks across APIs applied together store
 * exactly what applying them one after another stores. Each step is applied both ways from the same state:
 * one by one in a transaction that is then rolled back, together in one that commits; what each stored (ids
 * made in the transaction aside) and what each returned to publish must be the same.
 */

let ctx: TestContext;
let admin: ApiClient;
/** Four APIs of two bays (`temp` and `flow` each); `d` also has an attribute on a bay of `a`. */
const apis: Record<'a' | 'b' | 'c' | 'd', PushedLocation> = {} as never;
const HEARTBEAT_MS = 15 * 60_000;
const START = Date.parse('2026-11-27T08:00:00Z');
let clock = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  apis.a = await pushedLocation(ctx, admin, { bays: 2, paths: ['temp', 'flow'] });
  apis.b = await pushedLocation(ctx, admin, { bays: 2, paths: ['temp', 'flow'] });
  apis.c = await pushedLocation(ctx, admin, { bays: 2, paths: ['temp', 'flow'] });
  apis.d = await pushedLocation(ctx, admin, { bays: 2, paths: ['temp'], pendingChecks: 2 });
  const { rows } = await ctx.database.pool.query(`select api_metric_id from bay_metrics where id = $1`, [
    apis.d.bayMetrics.get('hall-1:temp'),
  ]);
  const shared = await admin.post('backend/bays/metrics/create', {
    bayId: apis.a.bays.get('hall-1'),
    apiMetricId: rows[0].api_metric_id,
    keyValue: 'hall-9',
    path: 'temp',
    type: 'number',
    operator: 'gt',
    thresholdCritical: '90',
    thresholdWarning: '70',
    thresholdInactive: '',
    thresholdActive: '-1',
  });
  expect(shared.statusCode).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
});

type Values = Record<string, Record<string, unknown>>;
type Step = Array<{
  api: keyof typeof apis;
  values: Values | null;
  threshold?: number;
  source?: 'poll' | 'push';
}>;

/** The checks of a step as the processor hands them over: the API as claimed, a success with its records or a failure. */
async function checksOf(step: Step): Promise<FullCheck[]> {
  const checks: FullCheck[] = [];
  for (const { api, values, threshold, source } of step) {
    const id = apis[api].apiId;
    const { rows } = await ctx.database.pool.query(
      'select key, name, consecutive_failures, last_success_at, rules_version from apis where id = $1',
      [id],
    );
    const row = rows[0];
    const startedAt = new Date(START + ++clock * 1000);
    const records = values
      ? Object.entries(values).map(([key, fields]) => ({ id: key, ...fields }) as JsonRecord)
      : null;
    checks.push({
      api: {
        id,
        key: row.key,
        name: row.name,
        details: {},
        consecutiveFailures: row.consecutive_failures,
        lastSuccessAt: row.last_success_at,
        rulesVersion: row.rules_version,
      },
      outcome: records
        ? { ok: true, json: records, httpStatus: 200, bytes: 100, durationMs: 20 + clock, startedAt }
        : {
            ok: false,
            error: 'Svarte med HTTP 500',
            code: 'http_500',
            httpStatus: 500,
            bytes: 10,
            durationMs: 30,
            startedAt,
          },
      source: source ?? 'poll',
      records,
      at: new Date(startedAt.getTime() + 50),
      threshold: threshold ?? 2,
      // A success after another within five minutes is not logged: every second one here.
      logDue: () => clock % 2 === 0,
    });
  }
  return checks;
}

/** What the checks stored, without the ids the transaction made (alerts and incidents by what they are about). */
async function stored(tx: Db) {
  const query = async (text: string) => (await tx.execute(text)).rows;
  const incident = (column: string) =>
    `(select jsonb_build_array(i.location_id, i.bay_id, i.api_id, i.opened_at) from incidents i where i.id = ${column})`;
  return {
    apis: await query(
      'select id, consecutive_failures, last_check_at, last_success_at, last_error, rules_version from apis order by id',
    ),
    attributes: await query(
      `select id, last_value, last_level, last_reason, last_read_at, stored_value, stored_at, level_checks
       from bay_metrics order by id`,
    ),
    readings: await query('select * from readings order by read_at, api'),
    alerts: await query(
      `select bay_metric_id, bay_id, location_id, attribute_name, level, last_value, reason, in_maintenance,
         opened_at, updated_at, resolved_at, notified_level, ${incident('a.incident_id')} as incident
       from alerts a order by bay_metric_id, opened_at`,
    ),
    alertEvents: await query(
      `select e.bay_metric_id, e.bay_id, e.kind, e.level, e.value, e.reason, e.at, a.opened_at as alert
       from alert_events e left join alerts a on a.id = e.alert_id order by e.id`,
    ),
    incidents: await query(
      `select location_id, bay_id, api_id, level, opened_at, updated_at, resolved_at, notified_level
       from incidents order by location_id, bay_id, api_id, opened_at`,
    ),
    notifications: await query(
      `select n.type, n.tag, n.location_ids, n.bay_ids, n.api_id, n.suppressed, n.payload - 'incidentId' as payload,
         ${incident('n.incident_id')} as incident,
         regexp_replace(coalesce(replace(n.dedupe_key, n.incident_id::text, 'i'), n.dedupe_key),
           '^alert_event:[0-9]+$', 'alert_event') as dedupe_key,
         (select jsonb_build_array(e.bay_metric_id, e.kind, e.at) from alert_events e
          where n.dedupe_key = 'alert_event:' || e.id) as told_event
       from notification_events n order by n.id`,
    ),
    bays: await query(
      `select id, status, monitored, status_changed_at = now() as changed_now, updated_at = now() as updated_now
       from bays order by id`,
    ),
    periods: await query(
      `select bay_id, status, monitored, cause, changed_by, started_at = now() as started_now,
         ended_at = now() as ended_now, started_at < now() as started_before
       from bay_status_periods order by bay_id, started_at, ended_at nulls last`,
    ),
    checkLog: await query(
      `select api_id, started_at, source, outcome, duration_ms, http_status, bytes, records, error, error_code
       from api_check_logs order by id`,
    ),
    counts: await query('select * from api_check_stats order by api_id, hour'),
  };
}

/**
 * What the checks returned to publish, the ids of alerts and incidents made in their transaction as `new`
 * (any id not in `known`, every id there before).
 */
const published = (applied: AppliedCheck[], known: Set<string>) =>
  JSON.parse(
    JSON.stringify(
      applied.map(({ statusChanges, ...rest }) => ({
        ...rest,
        statusChanges: statusChanges.map(({ at: _, ...c }) => c),
      })),
    ).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) =>
      known.has(id) ? id : 'new',
    ),
  );

const knownIds = async () =>
  new Set(
    (
      await ctx.database.pool.query(
        `select id::text from alerts union all select id::text from incidents union all select id::text from bays
         union all select id::text from bay_metrics union all select id::text from locations
         union all select id::text from apis union all select id::text from api_metrics`,
      )
    ).rows.map((r) => r.id as string),
  );

class RolledBack extends Error {}

/** Applies the step one check after another (rolled back), then together (kept): both must store and return the same. */
async function expectSameAsOneByOne(step: Step) {
  const checks = await checksOf(step);
  const known = await knownIds();
  let oneByOne: unknown;
  await ctx.database.db
    .transaction(async (tx) => {
      const applied: AppliedCheck[] = [];
      for (const check of checks) applied.push(...(await applyChecks(tx, [check], HEARTBEAT_MS)));
      oneByOne = { stored: await stored(tx), published: published(applied, known) };
      throw new RolledBack();
    })
    .catch((err) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  const together = await ctx.database.db.transaction(async (tx) => {
    const applied = await applyChecks(tx, checks, HEARTBEAT_MS);
    return { stored: await stored(tx), published: published(applied, known) };
  });
  expect(together).toEqual(oneByOne);
  return together;
}

describe('a transaction of several full checks across APIs', () => {
  it('stores exactly what applying them one by one stores: first checks, failures, alerts, recoveries', async () => {
    // First checks: every level set; warnings and criticals open alerts and their bays' incidents.
    const first = await expectSameAsOneByOne([
      { api: 'a', values: { 'hall-1': { temp: 20, flow: 5 }, 'hall-2': { temp: 75, flow: 5 } } },
      { api: 'b', values: { 'hall-1': { temp: 95, flow: 5 }, 'hall-2': { temp: 20 } } },
      { api: 'c', values: { 'hall-1': { temp: 20, flow: 5 }, 'hall-2': { temp: 20, flow: -5 } } },
      { api: 'd', values: { 'hall-1': { temp: 80 }, 'hall-2': { temp: 20 }, 'hall-9': { temp: 95 } } },
    ]);
    expect(first.stored.alerts.length).toBeGreaterThanOrEqual(3);
    expect(first.stored.notifications.length).toBeGreaterThan(0);
    expect(first.stored.readings).toHaveLength(4);

    // Failures (b reaches its threshold of 1: its facility's incident), a level change that escalates and
    // one that resolves, d's pending period settling, and two checks of c (a poll, then a push).
    const second = await expectSameAsOneByOne([
      { api: 'a', values: null },
      { api: 'b', values: null, threshold: 1 },
      { api: 'c', values: { 'hall-1': { temp: 95, flow: 5 }, 'hall-2': { temp: 20, flow: 5 } } },
      {
        api: 'c',
        values: { 'hall-1': { temp: 75, flow: 5 }, 'hall-2': { temp: 20, flow: 5 } },
        source: 'push',
      },
      { api: 'd', values: { 'hall-1': { temp: 80 }, 'hall-2': { temp: 20 }, 'hall-9': { temp: 20 } } },
    ]);
    expect(second.stored.incidents.some((i) => i.api_id === apis.b.apiId)).toBe(true);

    // Recoveries: b answers again (its incident resolved), a after one failure; c's alert resolves.
    await expectSameAsOneByOne([
      { api: 'a', values: { 'hall-1': { temp: 20, flow: 5 }, 'hall-2': { temp: 20, flow: 5 } } },
      {
        api: 'b',
        values: { 'hall-1': { temp: 20, flow: 5 }, 'hall-2': { temp: 20, flow: 5 } },
        threshold: 1,
      },
      { api: 'c', values: { 'hall-1': { temp: 20, flow: 5 }, 'hall-2': { temp: 20, flow: 5 } } },
      { api: 'd', values: { 'hall-1': { temp: 20 }, 'hall-2': { temp: 20 }, 'hall-9': { temp: 20 } } },
    ]);
  });
});
