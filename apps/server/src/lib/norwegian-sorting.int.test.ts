import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../test/helpers';
import { type ApiClient, caller, createBay, createLocation } from '../../test/locations';

let ctx: TestContext;
let admin: ApiClient;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
});
afterAll(() => ctx?.close());

/**
 * Shuffled on purpose: byte order would put the lower-case name last and Å before Æ and Ø. "Aa" stays an
 * A (not the old phone-book Å): see docs/decisions/017-norwegian-sorting.md.
 */
const NAMES = ['Øvre', 'Zeta', 'Ålesund', 'alfa', 'Østre', 'Aaberg', 'Ærøy', 'Berg'];
const NORWEGIAN_ORDER = ['Aaberg', 'alfa', 'Berg', 'Zeta', 'Ærøy', 'Østre', 'Øvre', 'Ålesund'];

async function names(path: string, body: Record<string, unknown>, field = 'name') {
  const res = await admin.post(path, { page: 1, perPage: 100, ...body });
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<Record<string, string>>).map((row) => row[field]);
}

describe('lists sort names in Norwegian order', () => {
  it('facilities: Æ, Ø, Å after Z, small and capital letters together', async () => {
    for (const name of NAMES) await createLocation(admin, { name: `${name} Vask` });
    const expected = NORWEGIAN_ORDER.map((name) => `${name} Vask`);
    expect(await names('backend/locations/get', { search: 'Vask' })).toEqual(expected);
    expect(
      await names('backend/locations/get', { search: 'Vask', sort: { column: 'name', direction: 'desc' } }),
    ).toEqual([...expected].reverse());
  });

  it('bays: by name, numbers by value', async () => {
    const locationId = await createLocation(admin, { name: 'Hallsortering' });
    for (const name of [...NAMES, 'Hall 10', 'Hall 2']) await createBay(admin, locationId, { name });
    expect(
      await names('backend/bays/get', {
        filters: { locationId },
        sort: { column: 'name', direction: 'asc' },
      }),
    ).toEqual(['Aaberg', 'alfa', 'Berg', 'Hall 2', 'Hall 10', 'Zeta', 'Ærøy', 'Østre', 'Øvre', 'Ålesund']);
  });

  it('users: by first name', async () => {
    for (const firstName of NAMES) await createUser(ctx, { firstName, lastName: 'Sorteringsen' });
    expect(await names('backend/users/get', { search: 'Sorteringsen' }, 'firstName')).toEqual(
      NORWEGIAN_ORDER,
    );
  });

  it('groups: by name', async () => {
    for (const name of NAMES) {
      const res = await admin.post('backend/groups/create', {
        name: `Gruppe ${name}`,
        description: 'Sortering',
        config: { color: '#228be6' },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await names('backend/groups/get', { search: 'Gruppe' })).toEqual(
      NORWEGIAN_ORDER.map((name) => `Gruppe ${name}`),
    );
  });

  it('APIs and their attributes: by name', async () => {
    let apiId = '';
    for (const name of NAMES) {
      const res = await admin.post('backend/apis/create', {
        name: `Kasse ${name}`,
        endpointUrl: 'http://10.0.0.9/s',
        status: 'disabled',
      });
      expect(res.statusCode).toBe(200);
      apiId = res.json().data.id;
    }
    expect(await names('backend/apis/get', { search: 'Kasse' })).toEqual(
      NORWEGIAN_ORDER.map((name) => `Kasse ${name}`),
    );
    for (const name of NAMES) {
      const res = await admin.post('backend/apis/metrics/create', {
        apiId,
        name,
        description: 'Verdier per hall',
        keyIdentifier: 'bayId',
        targetKeys: ['temperature'],
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await names('backend/apis/metrics/get', { filters: { apiId } })).toEqual(NORWEGIAN_ORDER);
  });
});
