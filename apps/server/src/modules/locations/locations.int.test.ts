import { LOG_TYPES } from '@vaskedrift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import {
  type ApiClient,
  caller,
  createBay,
  createLocation,
  fieldMessages,
  grantAccess,
  locationBody,
  unknownId,
} from '../../../test/locations';
import { logRows } from '../../../test/people';

let ctx: TestContext;
let admin: ApiClient;
let operator: ApiClient;
let viewer: ApiClient;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  operator = await caller(ctx, 'operator');
  viewer = await caller(ctx, 'user');
});
afterAll(() => ctx.close());

describe('creating and reading a facility', () => {
  it('creates a facility and answers it with its bays counted per status', async () => {
    const res = await admin.post('backend/locations/create', locationBody({ name: 'Bislett Bilvask' }));
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({
      name: 'Bislett Bilvask',
      address: 'Storgata 1',
      postalCode: '0155',
      city: 'Oslo',
      isVisibleInDashboard: true,
      imageId: null,
      imageUrl: null,
      bayCount: 0,
      statusCounts: { operational: 0, warning: 0, error: 0, inactive: 0, maintenance: 0 },
    });
    await createBay(admin, created.id, { name: 'Hall 1' });
    await createBay(admin, created.id, { name: 'Hall 2', status: 'error' });
    const one = await admin.post('backend/locations/get', { id: created.id });
    expect(one.json().data).toMatchObject({ bayCount: 2, statusCounts: { operational: 1, error: 1 } });
    expect(await logRows(ctx, LOG_TYPES.location.locationsCreate)).toContainEqual(
      expect.objectContaining({ resource_id: created.id, user_id: admin.user.id }),
    );
  });

  it('keeps Norwegian letters and leading zeros', async () => {
    const res = await admin.post(
      'backend/locations/create',
      locationBody({ name: 'Økern Vaskehall Æ Å', postalCode: '0580' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Økern Vaskehall Æ Å', postalCode: '0580' });
  });

  it('answers 404 for an id that does not exist', async () => {
    const res = await admin.post('backend/locations/get', { id: unknownId() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Fant ikke anlegget', code: 'misc/not-found' });
  });
});

describe('validation (the Norwegian messages the form shows too)', () => {
  it.each([
    [{ name: 'Ab' }, 'name', 'Navnet må være lenger enn 2 bokstaver'],
    [{ name: '' }, 'name', 'Navn er påkrevd'],
    [{ name: 'Vask & Go' }, 'name', 'Navnet kan bare inneholde bokstaver, tall og mellomrom'],
    [{ address: 'Ab' }, 'address', 'Adressen må være lenger enn 2 bokstaver'],
    [{ address: '' }, 'address', 'Adresse er påkrevd'],
    [{ city: 'Å' }, 'city', 'Poststedet må være lenger enn 2 bokstaver'],
    [{ postalCode: '123' }, 'postalCode', 'Postnummeret må være 4 siffer'],
    [{ postalCode: '12345' }, 'postalCode', 'Postnummeret må være 4 siffer'],
    [{ postalCode: '12a4' }, 'postalCode', 'Postnummeret må være 4 siffer'],
    [{ postalCode: '0000' }, 'postalCode', 'Postnummeret 0000 finnes ikke'],
    [{ postalCode: '' }, 'postalCode', 'Postnummer er påkrevd'],
  ])('refuses %o with "%s: %s"', async (overrides, path, message) => {
    const res = await admin.post('backend/locations/create', locationBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())[path]).toBe(message);
    expect(res.json().code).toBe('misc/validation');
  });

  it('lists every missing field at once', async () => {
    const res = await admin.post('backend/locations/create', {});
    expect(fieldMessages(res.json())).toMatchObject({
      name: 'Navn er påkrevd',
      address: 'Adresse er påkrevd',
      postalCode: 'Postnummer er påkrevd',
      city: 'Poststed er påkrevd',
    });
  });

  it('applies the same rules to an update and refuses an unknown image', async () => {
    const id = await createLocation(admin);
    const bad = await admin.patch('backend/locations/update', { id, postalCode: '99' });
    expect(fieldMessages(bad.json())).toEqual({ postalCode: 'Postnummeret må være 4 siffer' });
    const image = await admin.patch('backend/locations/update', { id, imageId: unknownId() });
    expect(image.statusCode).toBe(400);
    expect(fieldMessages(image.json())).toEqual({ imageId: 'Fant ikke bildet' });
  });
});

describe('updating and deleting', () => {
  it('changes only the fields sent', async () => {
    const id = await createLocation(admin, { name: 'Gamle Navnet' });
    const res = await admin.patch('backend/locations/update', {
      id,
      name: 'Nye Navnet',
      isVisibleInDashboard: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Nye Navnet', city: 'Oslo', isVisibleInDashboard: false });
    const [log] = (await logRows(ctx, LOG_TYPES.location.locationsUpdate)).filter(
      (r) => r.resource_id === id,
    );
    expect(log?.extra_data).toMatchObject({ fields: ['name', 'isVisibleInDashboard'] });
  });

  it('deletes softly: the facility and its bays vanish from every read, the rows stay', async () => {
    const id = await createLocation(admin, { name: 'Skal Slettes' });
    const bayId = await createBay(admin, id);
    const res = await admin.del('backend/locations/delete', { id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id });

    expect((await admin.post('backend/locations/get', { id })).statusCode).toBe(404);
    const list = await admin.post('backend/locations/get', { search: 'Skal Slettes' });
    expect(list.json()).toEqual({ data: [], count: 0 });
    expect((await admin.post('backend/bays/get', { id: bayId })).statusCode).toBe(404);
    expect((await admin.post('backend/bays/get', { filters: { locationId: id } })).json().count).toBe(0);
    expect((await admin.patch('backend/locations/update', { id, name: 'Tilbake' })).statusCode).toBe(404);
    expect((await admin.del('backend/locations/delete', { id })).statusCode).toBe(404);
    expect((await admin.post('backend/bays/create', { locationId: id, name: 'Hall 9' })).statusCode).toBe(
      404,
    );

    const { rows } = await ctx.database.pool.query('select deleted_at from locations where id = $1', [id]);
    expect(rows[0].deleted_at).toBeInstanceOf(Date);
  });
});

describe('listing', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    ids = {
      a: await createLocation(admin, { name: 'Liste Alfa', city: 'Bergen' }),
      b: await createLocation(admin, { name: 'liste Beta', city: 'Arendal', address: 'Fjordveien 2' }),
      c: await createLocation(admin, { name: 'Liste Gamma', city: 'Tromsø', isVisibleInDashboard: false }),
    };
    await createBay(admin, ids.c as string);
    await createBay(admin, ids.c as string, { name: 'Hall 2' });
    await createBay(admin, ids.a as string);
  });

  const names = (res: { json(): { data: Array<{ name: string }> } }) => res.json().data.map((l) => l.name);

  it('searches name, address and city, sorted by name without regard to case', async () => {
    const res = await admin.post('backend/locations/get', { search: 'liste', perPage: 10 });
    expect(res.json().count).toBe(3);
    expect(names(res)).toEqual(['Liste Alfa', 'liste Beta', 'Liste Gamma']);
    expect(names(await admin.post('backend/locations/get', { search: 'fjordveien' }))).toEqual([
      'liste Beta',
    ]);
    expect(names(await admin.post('backend/locations/get', { search: 'tromsø' }))).toEqual(['Liste Gamma']);
  });

  it('takes % and _ in a search literally', async () => {
    expect((await admin.post('backend/locations/get', { search: '%' })).json().count).toBe(0);
  });

  it('sorts by city, by number of bays and descending', async () => {
    const byCity = await admin.post('backend/locations/get', { search: 'liste', sort: { column: 'city' } });
    expect(names(byCity)).toEqual(['liste Beta', 'Liste Alfa', 'Liste Gamma']);
    const byBays = await admin.post('backend/locations/get', {
      search: 'liste',
      sort: { column: 'bays', direction: 'desc' },
    });
    expect(names(byBays)).toEqual(['Liste Gamma', 'Liste Alfa', 'liste Beta']);
  });

  it('refuses a column it cannot sort by', async () => {
    const res = await admin.post('backend/locations/get', { sort: { column: 'password' } });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())['sort.column']).toBe('Ugyldig sorteringskolonne');
  });

  it('pages in the database, 5 per page by default, and counts past the last page', async () => {
    const page1 = await admin.post('backend/locations/get', { search: 'liste', perPage: 2 });
    const page2 = await admin.post('backend/locations/get', { search: 'liste', perPage: 2, page: 2 });
    expect(names(page1)).toEqual(['Liste Alfa', 'liste Beta']);
    expect(names(page2)).toEqual(['Liste Gamma']);
    expect(page2.json().count).toBe(3);
    const beyond = await admin.post('backend/locations/get', { search: 'liste', perPage: 2, page: 5 });
    expect(beyond.json()).toEqual({ data: [], count: 3 });
    const all = await admin.post('backend/locations/get', {});
    expect(all.json().data).toHaveLength(5);
  });

  it('filters on visible in dashboard', async () => {
    const hidden = await admin.post('backend/locations/get', {
      search: 'liste',
      filters: { isVisibleInDashboard: false },
    });
    expect(names(hidden)).toEqual(['Liste Gamma']);
  });
});

describe('access', () => {
  it('shows an operator and a user only the facilities granted to them', async () => {
    const granted = await createLocation(admin, { name: 'Tilgang Ja' });
    const other = await createLocation(admin, { name: 'Tilgang Nei' });
    await grantAccess(ctx, operator.user.id, granted);
    await grantAccess(ctx, viewer.user.id, granted);
    for (const who of [operator, viewer]) {
      const list = await who.post('backend/locations/get', { search: 'tilgang' });
      expect(list.json()).toMatchObject({ count: 1, data: [{ id: granted }] });
      expect((await who.post('backend/locations/get', { id: granted })).statusCode).toBe(200);
      const hidden = await who.post('backend/locations/get', { id: other });
      const guessed = await who.post('backend/locations/get', { id: unknownId() });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual(guessed.json());
    }
  });

  it('refuses every write to non-admins with 403, before looking at the body', async () => {
    const id = await createLocation(admin);
    for (const who of [operator, viewer]) {
      await grantAccess(ctx, who.user.id, id);
      const calls = [
        await who.post('backend/locations/create', locationBody()),
        await who.post('backend/locations/create', {}),
        await who.patch('backend/locations/update', { id, name: 'Kapret' }),
        await who.del('backend/locations/delete', { id }),
      ];
      for (const res of calls) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          message: 'Du har ikke tilgang til dette',
          code: 'auth/forbidden',
        });
      }
    }
    expect((await admin.post('backend/locations/get', { id })).json().data.name).not.toBe('Kapret');
  });

  it('lets a superadmin do what an admin does', async () => {
    const superadmin = await caller(ctx, 'superadmin');
    expect((await superadmin.post('backend/locations/create', locationBody())).statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/backend/locations/get', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
