import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClient, caller } from '../../../test/facilities';
import { createTestApp, createTestInstance, type TestContext } from '../../../test/helpers';
import { type PushedFacility, pushedFacility, recordedEvents } from '../../../test/notifications';

/*
 * What the status engine records for notifications (decision 019), through pushed checks so each check's
 * values are exact. Each test wires a facility of its own in a database of its own.
 */
let ctx: TestContext;
let admin: ApiClient;

beforeEach(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
});
afterEach(async () => {
  await ctx?.close();
});

const temp = (value: number) => ({ 'hall-1': { temp: value } });
const types = async () => (await recordedEvents(ctx)).map((e) => e.type);
async function pushAll(f: PushedFacility, values: number[]) {
  for (const value of values) expect(await f.push(temp(value))).toBe(200);
}

describe('alert notifications', () => {
  it('with the default pending period, the check that opens an alert records it, and each move after', async () => {
    const f = await pushedFacility(ctx, admin);
    await pushAll(f, [20, 75]);
    const [opened] = await recordedEvents(ctx);
    const { rows } = await ctx.database.pool.query(
      `select id from alert_events where kind = 'opened' and bay_metric_id = $1`,
      [f.bayMetrics.get('hall-1:temp')],
    );
    expect(opened).toMatchObject({
      type: 'alert.opened',
      tag: 'warning',
      dedupe_key: `alert_event:${rows[0].id}`,
      bay_ids: [f.bays.get('hall-1')],
      location_ids: [f.locationId],
      suppressed: null,
      payload: {
        bayId: f.bays.get('hall-1'),
        bayName: 'Hall 1',
        locationId: f.locationId,
        attributeName: 'Hallverdier',
        path: 'temp',
        level: 'warning',
        previousLevel: 'active',
        value: 75,
        threshold: '70',
        operator: 'gt',
      },
    });
    await pushAll(f, [95, 75, 20]);
    const events = await recordedEvents(ctx);
    expect(events.map((e) => [e.type, e.tag])).toEqual([
      ['alert.opened', 'warning'],
      ['alert.escalated', 'critical'],
      ['alert.deescalated', 'warning'],
      ['alert.resolved', 'info'],
    ]);
    expect(events[1]?.payload).toMatchObject({
      level: 'critical',
      previousLevel: 'warning',
      threshold: '90',
    });
    expect(events[3]?.payload).toMatchObject({ level: 'active', previousLevel: 'warning', value: 20 });
  });

  it('pending 3: two critical checks then active record the alert but tell nothing', async () => {
    const f = await pushedFacility(ctx, admin, { pendingChecks: 3 });
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

  it('pending 3: three critical checks in a row tell exactly one alert.opened, and its resolution', async () => {
    const f = await pushedFacility(ctx, admin, { pendingChecks: 3 });
    await pushAll(f, [20, 95, 95]);
    expect(await types()).toEqual([]);
    await pushAll(f, [95]);
    expect(await recordedEvents(ctx)).toMatchObject([
      { type: 'alert.opened', tag: 'critical', payload: { level: 'critical', previousLevel: null } },
    ]);
    await pushAll(f, [95, 95, 20, 20]);
    expect(await types()).toEqual(['alert.opened']);
    await pushAll(f, [20]);
    expect(await types()).toEqual(['alert.opened', 'alert.resolved']);
  });

  it('pending 3: a flapping value stays quiet', async () => {
    const f = await pushedFacility(ctx, admin, { pendingChecks: 3 });
    await pushAll(f, [20, 95, 20, 95, 95, 20, 95, 20]);
    const { rows } = await ctx.database.pool.query('select count(*)::int as n from alerts');
    expect(rows[0].n).toBe(3);
    expect(await types()).toEqual([]);
  });

  it('an attribute losing its data (not its API) is an alert.info', async () => {
    const f = await pushedFacility(ctx, admin);
    await pushAll(f, [20]);
    expect(await f.push({ 'hall-1': { other: 1 } })).toBe(200);
    expect(await recordedEvents(ctx)).toMatchObject([
      { type: 'alert.info', tag: 'info', alert_id: null, payload: { level: 'nodata', threshold: null } },
    ]);
  });

  it('takes the pending period from the bay attribute and refuses a bad one in Norwegian', async () => {
    const f = await pushedFacility(ctx, admin);
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

describe('one event per dead API', () => {
  it('3 bays × 2 attributes reaching the failure threshold: one api.down, then one api.recovered', async () => {
    const f = await pushedFacility(ctx, admin, { bays: 3, paths: ['temp', 'pressure'] });
    const all = (value: number) =>
      Object.fromEntries([...f.bays.keys()].map((key) => [key, { temp: value, pressure: value }]));
    expect(await f.push(all(20))).toBe(200);
    for (let i = 0; i < 5; i++) await f.pushGarbage();
    const down = await recordedEvents(ctx);
    expect(down.map((e) => e.type)).toEqual(['api.down']);
    expect(down[0]).toMatchObject({ tag: 'info', api_id: f.apiId, location_ids: [f.locationId] });
    expect(new Set(down[0]?.bay_ids)).toEqual(new Set(f.bays.values()));
    expect(down[0]?.payload).toMatchObject({
      apiId: f.apiId,
      failures: 3,
      reason: 'Svaret er ikke gyldig JSON',
    });
    expect(down[0]?.payload.bays).toHaveLength(3);
    const { rows } = await ctx.database.pool.query(
      `select min(started_at) as first from api_check_logs where api_id = $1 and outcome = 'error'`,
      [f.apiId],
    );
    expect(down[0]?.dedupe_key).toBe(`api_down:${f.apiId}:${rows[0].first.toISOString()}`);

    expect(await f.push(all(20))).toBe(200);
    expect(await f.push(all(20))).toBe(200);
    const after = await recordedEvents(ctx);
    expect(after.map((e) => e.type)).toEqual(['api.down', 'api.recovered']);
    expect(after[1]).toMatchObject({ tag: 'info', payload: { failures: 5 } });
  });
});

describe('two instances on one database', () => {
  it('record every event once when both process the same checks', async () => {
    const other = await createTestInstance(ctx);
    const f = await pushedFacility(ctx, admin, { bays: 3, paths: ['temp', 'pressure'] });
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
    expect(counts).toEqual({ 'alert.opened': 6, 'api.down': 1, 'api.recovered': 1, 'alert.resolved': 6 });
  });
});
