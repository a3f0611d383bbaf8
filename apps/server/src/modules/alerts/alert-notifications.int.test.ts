import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestInstance, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller } from '../../../test/locations';
import { type PushedLocation, pushedLocation, recordedEvents } from '../../../test/notifications';

/*
 * What the status engine records for notifications (decision 019), through pushed checks so each check's
 * values are exact. Each test wires a facility of its own in a database of its own.
 */
let ctx: TestContext;
let admin: ApiClient;

beforeEach(async () => {
  ctx = await createTestApp({ INCIDENT_GROUP_WAIT_MS: '0' });
  admin = await caller(ctx, 'admin');
});
afterEach(async () => {
  await ctx?.close();
});

const temp = (value: number) => ({ 'hall-1': { temp: value } });
const types = async () => (await recordedEvents(ctx)).map((e) => e.type);
async function pushAll(f: PushedLocation, values: number[]) {
  for (const value of values) expect(await f.push(temp(value))).toBe(200);
}
/** Dispatches what is recorded: an incident event then holds what it told (its causes, its duration). */
async function dispatched() {
  await ctx.app.notifying.dispatcher.dispatchDue();
  return recordedEvents(ctx);
}
async function incidentIdsOf(bayId: string | undefined): Promise<string[]> {
  const { rows } = await ctx.database.pool.query(
    'select id from incidents where bay_id = $1 order by opened_at',
    [bayId],
  );
  return rows.map((row) => row.id);
}

describe('alert notifications', () => {
  it('with the default pending period, the check that opens an alert opens its incident and tells it, and each worsening and the end', async () => {
    const f = await pushedLocation(ctx, admin);
    await pushAll(f, [20, 75]);
    const [incidentId] = await incidentIdsOf(f.bays.get('hall-1'));
    const [opened] = await dispatched();
    expect(opened).toMatchObject({
      type: 'incident.opened',
      tag: 'warning',
      dedupe_key: `incident:${incidentId}:incident.opened:after:none`,
      bay_ids: [f.bays.get('hall-1')],
      location_ids: [f.locationId],
      suppressed: null,
      payload: {
        incidentId,
        bayId: f.bays.get('hall-1'),
        bayName: 'Hall 1',
        locationId: f.locationId,
        level: 'warning',
        previousLevel: null,
        resolvedAt: null,
        causes: [
          {
            kind: 'attribute',
            attributeName: 'Hallverdier',
            path: 'temp',
            level: 'warning',
            value: 75,
            threshold: '70',
            operator: 'gt',
          },
        ],
      },
    });
    await pushAll(f, [95]);
    const worsened = (await dispatched())[1];
    expect(worsened).toMatchObject({
      type: 'incident.worsened',
      tag: 'critical',
      payload: {
        incidentId,
        level: 'critical',
        previousLevel: 'warning',
        causes: [{ level: 'critical', threshold: '90' }],
      },
    });
    // Better again tells nothing; back to active resolves the incident, told to whoever heard of its worst.
    await pushAll(f, [75, 20]);
    const events = await dispatched();
    expect(events.map((e) => [e.type, e.tag])).toEqual([
      ['incident.opened', 'warning'],
      ['incident.worsened', 'critical'],
      ['incident.resolved', 'critical'],
    ]);
    expect(events[2]).toMatchObject({
      dedupe_key: `incident:${incidentId}:resolved`,
      payload: { incidentId, causes: [{ attributeName: 'Hallverdier', value: 20 }] },
    });
    expect(events[2]?.payload.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(events[2]?.payload.resolvedAt).not.toBeNull();
    expect(await incidentIdsOf(f.bays.get('hall-1'))).toEqual([incidentId]);
  });

  it('pending 3: two critical checks then active record the alert but tell nothing', async () => {
    const f = await pushedLocation(ctx, admin, { pendingChecks: 3 });
    await pushAll(f, [20, 95, 95, 20, 20, 20]);
    const { rows } = await ctx.database.pool.query(
      'select resolved_at, notified_level from alerts where bay_id = $1',
      [f.bays.get('hall-1')],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].resolved_at).not.toBeNull();
    expect(rows[0].notified_level).toBeNull();
    // Neither the opening nor, as it was never told, the resolution.
    expect(await types()).toEqual([]);
  });

  it('pending 3: three critical checks in a row tell exactly one incident.opened, and its resolution', async () => {
    const f = await pushedLocation(ctx, admin, { pendingChecks: 3 });
    await pushAll(f, [20, 95, 95]);
    expect(await types()).toEqual([]);
    await pushAll(f, [95]);
    expect(await recordedEvents(ctx)).toMatchObject([
      { type: 'incident.opened', tag: 'critical', payload: { level: 'critical', previousLevel: null } },
    ]);
    await pushAll(f, [95, 95, 20, 20]);
    expect(await types()).toEqual(['incident.opened']);
    await pushAll(f, [20]);
    expect(await types()).toEqual(['incident.opened', 'incident.resolved']);
  });

  it('pending 3: a flapping value stays quiet', async () => {
    const f = await pushedLocation(ctx, admin, { pendingChecks: 3 });
    await pushAll(f, [20, 95, 20, 95, 95, 20, 95, 20]);
    const { rows } = await ctx.database.pool.query('select count(*)::int as n from alerts');
    expect(rows[0].n).toBe(3);
    expect(await types()).toEqual([]);
  });

  it('an attribute losing its data (not its API) is an alert.info', async () => {
    const f = await pushedLocation(ctx, admin);
    await pushAll(f, [20]);
    expect(await f.push({ 'hall-1': { other: 1 } })).toBe(200);
    expect(await recordedEvents(ctx)).toMatchObject([
      { type: 'alert.info', tag: 'info', alert_id: null, payload: { level: 'nodata', threshold: null } },
    ]);
  });

  it('takes the pending period from the bay attribute and refuses a bad one in Norwegian', async () => {
    const f = await pushedLocation(ctx, admin);
    const id = f.bayMetrics.get('hall-1:temp');
    expect((await admin.post('backend/bays/metrics/get', { id })).json().data.pendingChecks).toBe(1);
    const updated = await admin.patch('backend/bays/metrics/update', { id, pendingChecks: 5 });
    expect(updated.json().data.pendingChecks).toBe(5);
    for (const bad of [0, 101, 2.5, '3']) {
      const res = await admin.patch('backend/bays/metrics/update', { id, pendingChecks: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Ventetiden må være et helt antall sjekker fra 1 til 100');
    }
  });
});

describe('one incident per facility behind a dead API', () => {
  it('3 bays × 2 attributes reaching the failure threshold: one incident.opened, then its incident.resolved', async () => {
    const f = await pushedLocation(ctx, admin, { bays: 3, paths: ['temp', 'pressure'] });
    const all = (value: number) =>
      Object.fromEntries([...f.bays.keys()].map((key) => [key, { temp: value, pressure: value }]));
    expect(await f.push(all(20))).toBe(200);
    for (let i = 0; i < 5; i++) await f.pushGarbage();
    const down = await recordedEvents(ctx);
    expect(down.map((e) => e.type)).toEqual(['incident.opened']);
    expect(down[0]).toMatchObject({ tag: 'critical', api_id: f.apiId, location_ids: [f.locationId] });
    expect(new Set(down[0]?.bay_ids)).toEqual(new Set(f.bays.values()));
    expect(down[0]?.payload).toMatchObject({
      apiId: f.apiId,
      bayId: null,
      locationId: f.locationId,
      causes: [{ kind: 'api', apiId: f.apiId, failures: 3, reason: 'Svaret er ikke gyldig JSON' }],
    });
    expect(down[0]?.payload.bays).toHaveLength(3);
    const { rows } = await ctx.database.pool.query(
      `select min(started_at) as first from api_check_logs where api_id = $1 and outcome = 'error'`,
      [f.apiId],
    );
    const incidents = await ctx.database.pool.query(
      'select id, opened_at, resolved_at from incidents where api_id = $1',
      [f.apiId],
    );
    expect(incidents.rows).toHaveLength(1);
    expect(incidents.rows[0].opened_at).toEqual(rows[0].first);
    expect(down[0]?.dedupe_key).toBe(`incident:${incidents.rows[0].id}:incident.opened:after:none`);

    expect(await f.push(all(20))).toBe(200);
    expect(await f.push(all(20))).toBe(200);
    const after = await recordedEvents(ctx);
    expect(after.map((e) => e.type)).toEqual(['incident.opened', 'incident.resolved']);
    expect(after[1]).toMatchObject({
      tag: 'critical',
      dedupe_key: `incident:${incidents.rows[0].id}:resolved`,
      payload: { incidentId: incidents.rows[0].id, causes: [{ kind: 'api', failures: 5 }] },
    });
  });
});

describe('two instances on one database', () => {
  it('record every event once when both process the same checks', async () => {
    const other = await createTestInstance(ctx);
    const f = await pushedLocation(ctx, admin, { bays: 3, paths: ['temp', 'pressure'] });
    const all = (value: number) =>
      Object.fromEntries([...f.bays.keys()].map((key) => [key, { temp: value, pressure: value }]));
    const both = (send: (app: typeof ctx.app) => Promise<number>) =>
      Promise.all([send(ctx.app), send(other.app)]);

    await both((app) => f.push(all(20), app));
    await both((app) => f.push(all(95), app));
    await both((app) => f.push(all(95), app));
    for (let i = 0; i < 2; i++) await both((app) => f.pushGarbage(app));
    await both((app) => f.push(all(20), app));

    const counts: Record<string, number> = {};
    for (const e of await recordedEvents(ctx)) counts[e.type] = (counts[e.type] ?? 0) + 1;
    // One incident per bay (its two attributes together) and one for the facility behind the dead API.
    expect(counts).toEqual({ 'incident.opened': 4, 'incident.resolved': 4 });
    const { rows } = await ctx.database.pool.query(
      'select count(*)::int as n, count(resolved_at)::int as resolved from incidents',
    );
    expect(rows[0]).toEqual({ n: 4, resolved: 4 });
  });
});
