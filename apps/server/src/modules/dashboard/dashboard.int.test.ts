import { dashboardBayFromTuple, dashboardWireSchema, decodeDashboard } from '@vaskedrift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import {
  type ApiClient,
  caller,
  createBay,
  createLocation,
  grantAccess,
  unknownId,
} from '../../../test/locations';

let ctx: TestContext;
let admin: ApiClient;
const ids: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  ids.bergen = await createLocation(admin, { name: 'bergen Vask' });
  ids.alta = await createLocation(admin, { name: 'Alta Vask' });
  ids.hidden = await createLocation(admin, { name: 'Skjult Vask', isVisibleInDashboard: false });
  ids.empty = await createLocation(admin, { name: 'Tomt Anlegg' });
  ids.bergen2 = await createBay(admin, ids.bergen, { name: 'Hall B', sortOrder: 2 });
  ids.bergen1 = await createBay(admin, ids.bergen, { name: 'Hall A', sortOrder: 1, status: 'error' });
  await createBay(admin, ids.alta, { name: 'Hall A', status: 'warning' });
  await createBay(admin, ids.alta, { name: 'Hall B', status: 'maintenance' });
  await createBay(admin, ids.hidden, { name: 'Hall Skjult' });
  const deletedBay = await createBay(admin, ids.alta, { name: 'Hall Slettet' });
  await admin.del('backend/bays/delete', { id: deletedBay });
  // Hall A of Bergen has an attribute with a level (the engine sets it; docs/domain.md, Statistics); the
  // others have none and are not monitored.
  await ctx.database.pool.query('update bays set monitored = true where id = $1', [ids.bergen1]);
});
afterAll(() => ctx.close());

const dashboard = async (who: ApiClient, body: unknown = {}) => {
  const res = await who.post('dashboard/get', body);
  expect(res.statusCode).toBe(200);
  return decodeDashboard(dashboardWireSchema.parse(res.json().data));
};

describe('dashboard/get', () => {
  it('answers each facility’s bays in columns: hex ids, names, status letters, seconds, muted and unmonitored positions', async () => {
    const res = await admin.post('dashboard/get', { locationIds: [ids.bergen] });
    const [bergen] = res.json().data.locations;
    expect(bergen).toEqual({
      id: ids.bergen,
      name: 'bergen Vask',
      bayIds: `${ids.bergen1}${ids.bergen2}`.replaceAll('-', ''),
      bayNames: ['Hall A', 'Hall B'],
      statuses: 'eo',
      since: [expect.any(Number), expect.any(Number)],
      muted: [],
      unmonitored: [1],
    });
  });

  it('answers the facilities shown on the dashboard by name, bays in their order', async () => {
    const data = await dashboard(admin);
    expect(data.locations.map((l) => l.name)).toEqual(['Alta Vask', 'bergen Vask', 'Tomt Anlegg']);
    const bergen = data.locations[1];
    expect(bergen?.bays.map((b) => b.slice(0, 3))).toEqual([
      [ids.bergen1, 'Hall A', 'error'],
      [ids.bergen2, 'Hall B', 'operational'],
    ]);
    const tuple = bergen?.bays[0];
    if (!tuple) throw new Error('ingen vaskehall');
    const bay = (await admin.post('backend/bays/get', { id: ids.bergen1 })).json().data;
    // To the second: the dashboard shows it to the minute.
    const second = Math.floor(Date.parse(bay.statusChangedAt) / 1000) * 1000;
    expect(dashboardBayFromTuple(tuple).statusChangedAt.getTime()).toBe(second);
    expect(data.locations[2]?.bays).toEqual([]);
  });

  it('counts the bays shown per status, and those not monitored, leaving out hidden facilities and deleted bays', async () => {
    const data = await dashboard(admin);
    expect(data.counts).toEqual({
      operational: 1,
      warning: 1,
      error: 1,
      inactive: 0,
      maintenance: 1,
      total: 4,
      unmonitored: 3,
      // Bergen's Hall B, Alta's Hall A and Hall B: none has an attribute with a level.
      unmonitoredByStatus: { operational: 1, warning: 1, error: 0, inactive: 0, maintenance: 1 },
    });
    expect(data.locations[1]?.bays.map((b) => b[5])).toEqual([true, false]);
  });

  it('filters by facility, ignoring ids one may not see; works without a body', async () => {
    const data = await dashboard(admin, { locationIds: [ids.alta, unknownId(), ids.hidden] });
    expect(data.locations.map((l) => l.name)).toEqual(['Alta Vask']);
    expect(data.counts.total).toBe(2);
    const noBody = await admin.post('dashboard/get');
    expect(noBody.statusCode).toBe(200);
    expect(noBody.json().data.counts.total).toBe(4);
  });

  it('shows a user only the facilities granted to them', async () => {
    const user = await caller(ctx, 'user');
    expect((await dashboard(user)).locations).toEqual([]);
    await grantAccess(ctx, user.user.id, ids.alta as string);
    const data = await dashboard(user, { locationIds: [ids.bergen] });
    expect(data.locations).toEqual([]);
    expect((await dashboard(user)).locations.map((l) => l.name)).toEqual(['Alta Vask']);
  });

  it('drops a facility as soon as it is deleted', async () => {
    const id = await createLocation(admin, { name: 'Kort Liv' });
    await createBay(admin, id);
    expect((await dashboard(admin)).locations.map((l) => l.name)).toContain('Kort Liv');
    await admin.del('backend/locations/delete', { id });
    const data = await dashboard(admin);
    expect(data.locations.map((l) => l.name)).not.toContain('Kort Liv');
    expect(data.counts.total).toBe(4);
  });

  it("carries the live channel's seq from before the read: a later change is journaled after it", async () => {
    await ctx.app.realtime.flushed();
    const before = await dashboard(admin);
    const { rows } = await ctx.database.pool.query<{ max: string }>('select max(seq) from realtime_events');
    expect(before.seq).toBe(Number(rows[0]?.max));
    await createBay(admin, ids.alta as string, { name: 'Hall Ny' });
    await ctx.app.realtime.flushed();
    const newest = async () =>
      Number(
        (await ctx.database.pool.query<{ max: string }>('select max(seq) from realtime_events')).rows[0]?.max,
      );
    expect(await newest()).toBeGreaterThan(before.seq);
    expect((await dashboard(admin)).seq).toBe(await newest());
  });

  it('refuses malformed filters', async () => {
    const res = await admin.post('dashboard/get', { locationIds: ['abc'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ugyldig id');
  });
});
