import { createSimulator, type Simulator } from '@vaskedrift/simulator';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bayStatus, runCheck, type WiredLocation, wireLocation } from '../../../test/engine';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, grantAccess } from '../../../test/locations';
import type { DomainEvents } from '../../events/domain-events';

/*
 * Each test gets a database, callers and a wired facility of its own, and first drives the bay to the
 * point its story starts from, so any one of them runs alone. Lists across all alerts count only its own.
 */
let sim: Simulator;
let ctx: TestContext;
let admin: ApiClient;
let operator: ApiClient;
let outsider: ApiClient;
let viewer: ApiClient;
let w: WiredLocation;
let bayId: string;
const seen: Array<{ event: string; payload: Record<string, unknown>; savedStatus?: string }> = [];

beforeAll(async () => {
  sim = await createSimulator({ locationCount: 1, baysPerLocation: 1, drift: false });
});
afterAll(async () => {
  await sim?.close();
});

beforeEach(async () => {
  sim.control.reset();
  seen.length = 0;
  ctx = await createTestApp({ ALLOW_LOOPBACK_TARGETS: 'true' });
  admin = await caller(ctx, 'admin');
  operator = await caller(ctx, 'operator');
  outsider = await caller(ctx, 'operator');
  viewer = await caller(ctx, 'user');
  const location = sim.locations[0];
  if (!location) throw new Error('ingen anlegg');
  w = await wireLocation(admin, sim, location, { paths: ['temperature'] });
  bayId = w.bays.get('hall-1') as string;
  await grantAccess(ctx, operator.user.id, w.locationId);
  await grantAccess(ctx, viewer.user.id, w.locationId);
  for (const event of [
    'bay_metric.level_changed',
    'alert.opened',
    'alert.escalated',
    'alert.deescalated',
    'alert.resolved',
    'alert.info',
    'alert.acknowledged',
  ] as const) {
    ctx.app.bus.on(event, (payload) => {
      seen.push({ event, payload: payload as unknown as Record<string, unknown> });
    });
  }
  // What a subscriber sees when it reads the bay: the status must already be saved.
  ctx.app.bus.on('bay.status_changed', async (e: DomainEvents['bay.status_changed']) => {
    const { rows } = await ctx.database.pool.query('select status from bays where id = $1', [e.bayId]);
    seen.push({
      event: 'bay.status_changed',
      payload: e as unknown as Record<string, unknown>,
      savedStatus: rows[0]?.status,
    });
  });
  await runCheck(ctx, w.apiId);
});
afterEach(async () => {
  await ctx?.close();
});

const setTemperature = async (temperature: number) => {
  sim.control.setValues(w.location.id, 'hall-1', { temperature });
  seen.length = 0;
  await runCheck(ctx, w.apiId);
};
const openAlerts = async (who: ApiClient = admin) =>
  (await who.post('backend/alerts/get', { filters: { bayId, state: 'open' } })).json();

/** The open alert of the bay: warning at 75, then critical at 95 (escalated). */
async function openCriticalAlert(): Promise<string> {
  await setTemperature(75);
  const alertId = (await openAlerts()).data[0].id as string;
  await setTemperature(95);
  return alertId;
}

describe('from a threshold to the bay status and an alert', () => {
  it('starts operational without alerts', async () => {
    expect(await bayStatus(ctx, bayId)).toBe('operational');
    expect((await openAlerts()).count).toBe(0);
  });

  it('refuses to set the status of a bay with attributes by hand', async () => {
    const res = await admin.patch('backend/bays/update', { id: bayId, status: 'error' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Statusen til denne vaskehallen styres av attributtene og kan ikke settes for hånd',
    );
  });

  it('a warning opens an alert and turns the bay yellow, saved before it is announced', async () => {
    await setTemperature(75);
    expect(await bayStatus(ctx, bayId)).toBe('warning');
    const list = await openAlerts();
    expect(list.count).toBe(1);
    const alertId = list.data[0].id;
    expect(list.data[0]).toMatchObject({
      level: 'warning',
      state: 'open',
      attributeName: 'Hallstatus',
      lastValue: 75,
    });
    expect(seen.find((s) => s.event === 'alert.opened')?.payload).toMatchObject({
      alertId,
      level: 'warning',
      attributeLevel: 'warning',
    });
    expect(seen.filter((s) => s.event === 'bay_metric.level_changed').map((s) => s.payload)).toEqual([
      expect.objectContaining({
        bayId,
        changes: [
          expect.objectContaining({ attributeName: 'Hallstatus', from: 'active', to: 'warning', value: 75 }),
        ],
      }),
    ]);
    const change = seen.find((s) => s.event === 'bay.status_changed');
    expect(change?.payload).toMatchObject({
      bayId,
      from: 'operational',
      to: 'warning',
      cause: 'engine',
      changedBy: null,
    });
    expect(change?.savedStatus).toBe('warning');
  });

  it('critical escalates the same alert and turns the bay red', async () => {
    await setTemperature(75);
    const alertId = (await openAlerts()).data[0].id;
    await setTemperature(95);
    expect(await bayStatus(ctx, bayId)).toBe('error');
    const list = await openAlerts();
    expect(list.data.map((a: { id: string; level: string }) => [a.id, a.level])).toEqual([
      [alertId, 'critical'],
    ]);
    expect(seen.map((s) => s.event)).toContain('alert.escalated');
  });
});

describe('an open alert: acknowledging, back to normal, listing, and the API disabled', () => {
  it('an operator with access acknowledges it; a viewer may not, an operator without access sees nothing', async () => {
    const alertId = await openCriticalAlert();
    expect((await viewer.post('backend/alerts/acknowledge', { id: alertId })).statusCode).toBe(403);
    const hidden = await outsider.post('backend/alerts/acknowledge', { id: alertId });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Fant ikke varselet');
    const res = await operator.post('backend/alerts/acknowledge', { id: alertId });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Varselet er kvittert: du ser på det');
    expect(res.json().data.acknowledgedBy).toMatchObject({ id: operator.user.id });
    // Acknowledging again keeps the first.
    const again = await admin.post('backend/alerts/acknowledge', { id: alertId });
    expect(again.json().data.acknowledgedBy.id).toBe(operator.user.id);
    await ctx.app.bus.drain();
    expect(seen.filter((s) => s.event === 'alert.acknowledged')).toHaveLength(1);
    // The viewer still reads it.
    expect((await viewer.post('backend/alerts/get', { id: alertId })).statusCode).toBe(200);
    expect((await outsider.post('backend/alerts/get', { filters: { bayId } })).json().count).toBe(0);
  });

  it('back to warning de-escalates in place', async () => {
    const alertId = await openCriticalAlert();
    await setTemperature(75);
    expect(await bayStatus(ctx, bayId)).toBe('warning');
    expect((await openAlerts()).data[0]).toMatchObject({ id: alertId, level: 'warning' });
    expect(seen.map((s) => s.event)).toContain('alert.deescalated');
  });

  it('back to active resolves it and turns the bay green', async () => {
    const alertId = await openCriticalAlert();
    expect((await operator.post('backend/alerts/acknowledge', { id: alertId })).statusCode).toBe(200);
    await setTemperature(75);
    await setTemperature(40);
    expect(await bayStatus(ctx, bayId)).toBe('operational');
    expect((await openAlerts()).count).toBe(0);
    const detail = (await admin.post('backend/alerts/get', { id: alertId })).json().data;
    expect(detail.state).toBe('resolved');
    expect(detail.events.map((e: { kind: string }) => e.kind)).toEqual([
      'opened',
      'escalated',
      'acknowledged',
      'deescalated',
      'resolved',
    ]);
    expect((await operator.post('backend/alerts/acknowledge', { id: alertId })).statusCode).toBe(409);
  });

  it('losing the data is an info event, not an alert; the bay goes grey', async () => {
    sim.control.setFault(w.location.id, { mode: 'http500' });
    seen.length = 0;
    for (let i = 0; i < 3; i++) await runCheck(ctx, w.apiId);
    expect(await bayStatus(ctx, bayId)).toBe('inactive');
    expect(seen.filter((s) => s.event === 'alert.info').map((s) => s.payload.attributeLevel)).toEqual([
      'nodata',
    ]);
    expect((await openAlerts()).count).toBe(0);
    sim.control.setFault(w.location.id, { mode: 'none' });
    await runCheck(ctx, w.apiId);
    expect(await bayStatus(ctx, bayId)).toBe('operational');
  });

  it('lists alerts by facility, state and level', async () => {
    // One alert, opened at warning and resolved.
    await setTemperature(75);
    await setTemperature(40);
    const byLocation = (
      await admin.post('backend/alerts/get', { filters: { locationId: w.locationId } })
    ).json();
    expect(byLocation.count).toBe(1);
    expect(
      (await admin.post('backend/alerts/get', { filters: { state: 'resolved', level: 'warning' } })).json()
        .count,
    ).toBe(1);
    expect((await admin.post('backend/alerts/get', { filters: { state: 'open' } })).json().count).toBe(0);
  });

  it('disabling the API resolves an open alert and lets the bay be set by hand again', async () => {
    await setTemperature(95);
    expect((await openAlerts()).count).toBe(1);
    const res = await admin.patch('backend/apis/update', { id: w.apiId, status: 'disabled' });
    expect(res.json().message).toBe(`Kasse ${w.location.name} er deaktivert`);
    expect((await openAlerts()).count).toBe(0);
    expect((await admin.patch('backend/bays/update', { id: bayId, status: 'maintenance' })).statusCode).toBe(
      200,
    );
    const enabled = await admin.patch('backend/apis/update', { id: w.apiId, status: 'enabled' });
    expect(enabled.json().message).toBe(`Kasse ${w.location.name} er aktivert`);
  });
});
