import { decodeDashboard, LOG_TYPES, MUTE_MESSAGES } from '@vaskedrift/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, grantAccess } from '../../../test/locations';
import { type PushedLocation, pushedLocation, recordedEvents } from '../../../test/notifications';
import { logRows } from '../../../test/people';

/*
 * 'Demp varsler': the routes, and what a mute (or maintenance) does to the notification events a check
 * records. Facility `f` has two bays (`hall-1`, `hall-2`) with one attribute each; the operator and the
 * user are granted it, the outsider is not.
 */
let ctx: TestContext;
let admin: ApiClient;
let operator: ApiClient;
let viewer: ApiClient;
let outsider: ApiClient;
let f: PushedLocation;
let bay1: string;

beforeEach(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  operator = await caller(ctx, 'operator');
  viewer = await caller(ctx, 'user');
  outsider = await caller(ctx, 'operator');
  f = await pushedLocation(ctx, admin, { bays: 2 });
  bay1 = f.bays.get('hall-1') as string;
  await grantAccess(ctx, operator.user.id, f.locationId);
  await grantAccess(ctx, viewer.user.id, f.locationId);
  await f.push({ 'hall-1': { temp: 20 }, 'hall-2': { temp: 20 } });
});
afterEach(async () => {
  await ctx?.close();
});

const mute = (body: Record<string, unknown>, who: ApiClient = operator) =>
  who.post('backend/mutes/create', { hours: 2, reason: 'Bytter sensor', ...body });

/** The incident notification events so far (maintenance has events of its own). */
const incidentEvents = async () => (await recordedEvents(ctx)).filter((e) => e.type.startsWith('incident.'));

/** Opens a critical alert on hall-1 and answers the notification event its incident recorded. */
async function alertOnBay1() {
  await f.push({ 'hall-1': { temp: 95 }, 'hall-2': { temp: 20 } });
  const events = await incidentEvents();
  expect(events.map((e) => e.type)).toEqual(['incident.opened']);
  return events[0];
}

describe('mute routes', () => {
  it('an operator mutes a bay for some hours; it is listed, shown on the bay, logged and ended', async () => {
    const before = Date.now();
    const res = await mute({ bayId: bay1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MUTE_MESSAGES.muted);
    const created = res.json().data;
    expect(created).toMatchObject({
      locationId: f.locationId,
      bayId: bay1,
      reason: 'Bytter sensor',
      createdBy: { id: operator.user.id, name: 'Kari Nordmann' },
    });
    const until = Date.parse(created.until);
    expect(until - before).toBeGreaterThan(2 * 3600_000 - 60_000);
    expect(until - before).toBeLessThan(2 * 3600_000 + 60_000);

    for (const body of [{ bayId: bay1 }, { locationId: f.locationId }]) {
      const listed = await viewer.post('backend/mutes/get', body);
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data.map((m: { id: string }) => m.id)).toEqual([created.id]);
    }
    const mutedUntil = async () =>
      (await viewer.post('backend/bays/get', { id: bay1 })).json().data.mutedUntil;
    expect(await mutedUntil()).toBe(created.until);
    expect(await logRows(ctx, LOG_TYPES.location.mutesCreate)).toMatchObject([
      { resource_type: 'mutes', resource_id: created.id, user_id: operator.user.id },
    ]);

    const ended = await operator.post('backend/mutes/end', { bayId: bay1 });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().message).toBe(MUTE_MESSAGES.unmuted);
    expect((await viewer.post('backend/mutes/get', { bayId: bay1 })).json().data).toEqual([]);
    expect(await mutedUntil()).toBeNull();
    expect(await logRows(ctx, LOG_TYPES.location.mutesEnd)).toHaveLength(1);
    const again = await operator.post('backend/mutes/end', { bayId: bay1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MUTE_MESSAGES.notMuted);
  });

  it('muting again replaces the running mute of the same bay or facility', async () => {
    await mute({ locationId: f.locationId });
    const second = (await mute({ locationId: f.locationId, hours: 5 })).json().data;
    await mute({ bayId: bay1 });
    const listed = (await viewer.post('backend/mutes/get', { locationId: f.locationId })).json().data;
    expect(listed).toHaveLength(2);
    expect(listed[0].id).toBe(second.id);
  });

  it('refuses the user role (403) and facilities one may not see (404)', async () => {
    const byUser = await mute({ bayId: bay1 }, viewer);
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json().message).toBe('Du har ikke tilgang til dette');
    expect((await viewer.post('backend/mutes/end', { bayId: bay1 })).statusCode).toBe(403);

    const bay = await mute({ bayId: bay1 }, outsider);
    expect(bay.statusCode).toBe(404);
    expect(bay.json().message).toBe('Fant ikke vaskehallen');
    const location = await mute({ locationId: f.locationId }, outsider);
    expect(location.statusCode).toBe(404);
    expect(location.json().message).toBe('Fant ikke anlegget');
    expect((await outsider.post('backend/mutes/get', { locationId: f.locationId })).statusCode).toBe(404);
    expect((await outsider.post('backend/mutes/end', { bayId: bay1 })).statusCode).toBe(404);
  });

  it('answers every validation message in Norwegian', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ bayId: bay1, hours: 0 }, MUTE_MESSAGES.hoursInvalid],
      [{ bayId: bay1, hours: 169 }, MUTE_MESSAGES.hoursInvalid],
      [{ bayId: bay1, hours: 1.5 }, MUTE_MESSAGES.hoursInvalid],
      [{ bayId: bay1, hours: 'to' }, MUTE_MESSAGES.hoursInvalid],
      [{}, MUTE_MESSAGES.scopeRequired],
      [{ bayId: bay1, locationId: f.locationId }, MUTE_MESSAGES.scopeRequired],
      [{ bayId: bay1, reason: 'x'.repeat(501) }, MUTE_MESSAGES.reasonTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await mute(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('what a mute does to notifications', () => {
  it('a muted bay: its alert is recorded, suppressed as muted', async () => {
    await mute({ bayId: bay1 });
    expect(await alertOnBay1()).toMatchObject({ suppressed: 'muted' });
  });

  it('an alert opened while muted was not told, so neither is its resolution after the mute', async () => {
    await mute({ bayId: bay1 });
    await alertOnBay1();
    await operator.post('backend/mutes/end', { bayId: bay1 });
    await f.push({ 'hall-1': { temp: 20 }, 'hall-2': { temp: 20 } });
    expect((await recordedEvents(ctx)).map((e) => [e.type, e.suppressed])).toEqual([
      ['incident.opened', 'muted'],
    ]);
  });

  it('a muted facility mutes its bays', async () => {
    await mute({ locationId: f.locationId });
    expect(await alertOnBay1()).toMatchObject({ suppressed: 'muted' });
  });

  it('another bay muted, or a mute ended, suppresses nothing', async () => {
    await mute({ bayId: f.bays.get('hall-2') });
    await mute({ bayId: bay1 });
    await operator.post('backend/mutes/end', { bayId: bay1 });
    expect(await alertOnBay1()).toMatchObject({ suppressed: null });
  });

  it('during maintenance the alert is suppressed as maintenance', async () => {
    await mute({ bayId: bay1 });
    const started = await operator.post('backend/bays/maintenance/start', {
      bayId: bay1,
      type: 'service',
      assigneeId: operator.user.id,
      description: 'Bytter børster',
      reminderHours: 1,
      reminderMinutes: 0,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(await alertOnBay1()).toMatchObject({ suppressed: 'maintenance' });
  });

  it('shows muted bays on the dashboard', async () => {
    await mute({ bayId: bay1 });
    const muted = async () => {
      const location = decodeDashboard((await viewer.post('dashboard/get', {})).json().data).locations[0];
      return Object.fromEntries(location?.bays.map((b) => [b[0], b[4]]) ?? []);
    };
    expect(await muted()).toEqual({ [bay1]: true, [f.bays.get('hall-2') as string]: false });
    await mute({ locationId: f.locationId });
    expect(await muted()).toEqual({ [bay1]: true, [f.bays.get('hall-2') as string]: true });
  });
});
