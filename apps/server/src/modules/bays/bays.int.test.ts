import { type BayStatus, LOG_TYPES } from '@vaskedrift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import {
  type ApiClient,
  caller,
  createBay,
  createLocation,
  fieldMessages,
  grantAccess,
  unknownId,
} from '../../../test/locations';
import { logRows } from '../../../test/people';
import type { DomainEvents } from '../../events/domain-events';
import { changeBayStatus } from '.';

let ctx: TestContext;
let admin: ApiClient;
let operator: ApiClient;
let locationId: string;
const statusEvents: Array<DomainEvents['bay.status_changed']> = [];
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.app.bus.on('bay.status_changed', (e) => {
    statusEvents.push(e);
  });
  admin = await caller(ctx, 'admin');
  operator = await caller(ctx, 'operator');
  locationId = await createLocation(admin, { name: 'Hallenes Anlegg' });
});
afterAll(() => ctx.close());

type Period = {
  status: BayStatus;
  cause: string;
  changed_by: string | null;
  started_at: Date;
  ended_at: Date | null;
};
async function periods(bayId: string): Promise<Period[]> {
  const { rows } = await ctx.database.pool.query(
    'select status, cause, changed_by, started_at, ended_at from bay_status_periods where bay_id = $1 order by id',
    [bayId],
  );
  return rows;
}

describe('creating and reading bays', () => {
  it('creates a bay last in its facility, with its first status period and event', async () => {
    const first = await createBay(admin, locationId, { name: 'Hall 1' });
    const res = await admin.post('backend/bays/create', { locationId, name: 'Hall 2', status: 'warning' });
    expect(res.statusCode).toBe(200);
    const bay = res.json().data;
    expect(bay).toMatchObject({
      locationId,
      locationName: 'Hallenes Anlegg',
      name: 'Hall 2',
      status: 'warning',
    });
    const one = (await admin.post('backend/bays/get', { id: first })).json().data;
    expect(bay.sortOrder).toBe(one.sortOrder + 1);

    expect(await periods(bay.id)).toEqual([
      expect.objectContaining({
        status: 'warning',
        cause: 'created',
        changed_by: admin.user.id,
        ended_at: null,
      }),
    ]);
    await ctx.app.bus.drain();
    expect(statusEvents).toContainEqual(
      expect.objectContaining({ bayId: bay.id, locationId, from: null, to: 'warning', cause: 'created' }),
    );
    expect(await logRows(ctx, LOG_TYPES.location.baysCreate)).toContainEqual(
      expect.objectContaining({ resource_id: bay.id, user_id: admin.user.id }),
    );
  });

  it('defaults the status to operational', async () => {
    const res = await admin.post('backend/bays/create', { locationId, name: 'Hall Standard' });
    expect(res.json().data.status).toBe('operational');
  });

  it.each([
    [{ name: 'H1' }, 'name', 'Navnet må være lenger enn 2 bokstaver'],
    [{ name: 'Hall #1' }, 'name', 'Navnet kan bare inneholde bokstaver, tall og mellomrom'],
    [{ status: 'ødelagt' }, 'status', 'Ugyldig status'],
    [{ sortOrder: -1 }, 'sortOrder', 'Rekkefølgen må være et heltall fra 0 og oppover'],
    [{ locationId: 'abc' }, 'locationId', 'Ugyldig id'],
  ])('refuses %o with "%s: %s"', async (overrides, path, message) => {
    const res = await admin.post('backend/bays/create', { locationId, name: 'Hall 3', ...overrides });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())[path]).toBe(message);
  });

  it('answers 404 for a facility that does not exist', async () => {
    const res = await admin.post('backend/bays/create', { locationId: unknownId(), name: 'Hall 3' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Fant ikke anlegget');
  });
});

describe('status changes', () => {
  it('closes the open period and opens a new one on each change, one open period at a time', async () => {
    const bayId = await createBay(admin, locationId, { name: 'Hall Status' });
    for (const status of ['error', 'maintenance', 'operational'] as const) {
      const res = await admin.patch('backend/bays/update', { id: bayId, status });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe(status);
    }
    const rows = await periods(bayId);
    expect(rows.map((p) => [p.status, p.cause])).toEqual([
      ['operational', 'created'],
      ['error', 'manual'],
      ['maintenance', 'manual'],
      ['operational', 'manual'],
    ]);
    expect(rows.filter((p) => p.ended_at === null)).toHaveLength(1);
    for (let i = 0; i < rows.length - 1; i++) {
      expect(rows[i]?.ended_at?.getTime()).toBe(rows[i + 1]?.started_at.getTime());
    }
    const bay = (await admin.post('backend/bays/get', { id: bayId })).json().data;
    expect(new Date(bay.statusChangedAt).getTime()).toBe(rows.at(-1)?.started_at.getTime());
    expect(
      (await logRows(ctx, LOG_TYPES.location.baysStatusManual)).filter((r) => r.resource_id === bayId),
    ).toHaveLength(3);
  });

  it('writes nothing when the status sent is the current one', async () => {
    const bayId = await createBay(admin, locationId, { name: 'Hall Samme' });
    await admin.patch('backend/bays/update', { id: bayId, status: 'operational', name: 'Hall Samme Igjen' });
    expect(await periods(bayId)).toHaveLength(1);
  });

  it('changes thousands of bays in one call, skipping unchanged and deleted ones', async () => {
    const { rows } = await ctx.database.pool.query(
      `insert into bays (location_id, name, sort_order) select $1, 'Masse ' || n, 100 + n from generate_series(1, 2000) n returning id`,
      [locationId],
    );
    const ids = rows.map((r: { id: string }) => r.id);
    await ctx.database.pool.query(
      `insert into bay_status_periods (bay_id, status, cause) select unnest($1::uuid[]), 'operational', 'created'`,
      [ids],
    );
    await ctx.database.pool.query('update bays set deleted_at = now() where id = $1', [ids[1]]);
    statusEvents.length = 0;
    const applied = await changeBayStatus(
      { db: ctx.database.db, bus: ctx.app.bus },
      ids.map((bayId: string, i: number) => ({
        bayId,
        status: i === 0 ? 'operational' : 'error',
        cause: 'engine',
        changedBy: null,
      })),
    );
    expect(applied).toHaveLength(1998);
    await ctx.app.bus.drain();
    expect(statusEvents).toHaveLength(1998);
    expect(statusEvents[0]).toMatchObject({
      from: 'operational',
      to: 'error',
      cause: 'engine',
      changedBy: null,
    });
    const { rows: counts } = await ctx.database.pool.query(
      `select count(*) filter (where ended_at is null)::int as open, count(*)::int as total
       from bay_status_periods where bay_id = any($1::uuid[])`,
      [ids],
    );
    expect(counts[0]).toEqual({ open: 2000, total: 2000 + 1998 });
  });
});

describe('updating, moving and deleting', () => {
  it('moves a bay to another facility', async () => {
    const other = await createLocation(admin, { name: 'Annet Anlegg' });
    const bayId = await createBay(admin, locationId, { name: 'Hall Flytt' });
    const res = await admin.patch('backend/bays/update', { id: bayId, locationId: other, sortOrder: 7 });
    expect(res.json().data).toMatchObject({ locationId: other, locationName: 'Annet Anlegg', sortOrder: 7 });
    const gone = await admin.patch('backend/bays/update', { id: bayId, locationId: unknownId() });
    expect(gone.statusCode).toBe(404);
  });

  it('deletes softly and closes the open period', async () => {
    const bayId = await createBay(admin, locationId, { name: 'Hall Slett' });
    expect((await admin.del('backend/bays/delete', { id: bayId })).json().data).toEqual({ id: bayId });
    expect((await admin.post('backend/bays/get', { id: bayId })).statusCode).toBe(404);
    expect((await admin.patch('backend/bays/update', { id: bayId, name: 'Hall Igjen' })).statusCode).toBe(
      404,
    );
    expect((await admin.del('backend/bays/delete', { id: bayId })).statusCode).toBe(404);
    expect((await periods(bayId)).every((p) => p.ended_at !== null)).toBe(true);
  });
});

describe('the list of all bays', () => {
  let listLocation: string;
  beforeAll(async () => {
    listLocation = await createLocation(admin, { name: 'Filter Anlegg' });
    await createBay(admin, listLocation, { name: 'Filter Gul', status: 'warning' });
    await createBay(admin, listLocation, { name: 'Filter Rod', status: 'error' });
    await createBay(admin, listLocation, { name: 'Filter Gronn' });
  });

  it('filters by facility and by one or several statuses, each row with its facility name', async () => {
    const all = await admin.post('backend/bays/get', { filters: { locationId: listLocation } });
    expect(all.json().count).toBe(3);
    expect(all.json().data.map((b: { name: string }) => b.name)).toEqual([
      'Filter Gul',
      'Filter Rod',
      'Filter Gronn',
    ]);
    expect(all.json().data[0].locationName).toBe('Filter Anlegg');
    const one = await admin.post('backend/bays/get', {
      filters: { locationId: listLocation, status: 'error' },
    });
    expect(one.json().data.map((b: { name: string }) => b.name)).toEqual(['Filter Rod']);
    const several = await admin.post('backend/bays/get', {
      filters: { locationId: listLocation, status: ['error', 'warning'] },
      sort: { column: 'name', direction: 'desc' },
    });
    expect(several.json().data.map((b: { name: string }) => b.name)).toEqual(['Filter Rod', 'Filter Gul']);
  });

  it('searches bay and facility names', async () => {
    expect((await admin.post('backend/bays/get', { search: 'gronn' })).json().count).toBe(1);
    expect(
      (await admin.post('backend/bays/get', { search: 'filter anlegg', perPage: 10 })).json().count,
    ).toBe(3);
  });
});

describe('access', () => {
  it('shows an operator only bays of granted facilities, and 404 for the others', async () => {
    const mine = await createLocation(admin, { name: 'Operatorens' });
    const theirs = await createLocation(admin, { name: 'Andres' });
    await grantAccess(ctx, operator.user.id, mine);
    const myBay = await createBay(admin, mine, { name: 'Min Hall' });
    const otherBay = await createBay(admin, theirs, { name: 'Andres Hall' });

    const list = await operator.post('backend/bays/get', { perPage: 100 });
    expect(list.json().data.map((b: { id: string }) => b.id)).toEqual([myBay]);
    expect((await operator.post('backend/bays/get', { id: myBay })).statusCode).toBe(200);
    const hidden = await operator.post('backend/bays/get', { id: otherBay });
    const guessed = await operator.post('backend/bays/get', { id: unknownId() });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(guessed.json());
    expect((await operator.post('backend/bays/get', { filters: { locationId: theirs } })).json().count).toBe(
      0,
    );
  });

  it('refuses every write to non-admins with 403', async () => {
    const bayId = await createBay(admin, locationId, { name: 'Hall Vern' });
    const user = await caller(ctx, 'user');
    for (const who of [operator, user]) {
      await grantAccess(ctx, who.user.id, locationId);
      const calls = [
        await who.post('backend/bays/create', { locationId, name: 'Hall Ny' }),
        await who.patch('backend/bays/update', { id: bayId, status: 'error' }),
        await who.del('backend/bays/delete', { id: bayId }),
      ];
      for (const res of calls) expect(res.statusCode).toBe(403);
    }
    expect((await admin.post('backend/bays/get', { id: bayId })).json().data.status).toBe('operational');
  });
});
