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
  unknownId,
} from '../../../test/locations';
import { logRows } from '../../../test/people';

let ctx: TestContext;
let admin: ApiClient;
let locationId: string;
let bayId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  locationId = await createLocation(admin);
  bayId = await createBay(admin, locationId);
});
afterAll(() => ctx.close());

async function createLink(bay: string, title: string, extra: Record<string, unknown> = {}) {
  const res = await admin.post('backend/bays/links/create', {
    bayId: bay,
    title,
    url: 'https://example.com',
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data as { id: string; sortOrder: number };
}

const linksOf = async (bay: string, who: ApiClient = admin) =>
  (await who.post('backend/bays/links/get', { filters: { bayId: bay } })).json() as {
    data: Array<{ id: string; title: string; sortOrder: number }>;
    count: number;
  };

describe('links', () => {
  it('creates links in order, defaulting the target to a new tab', async () => {
    const bay = await createBay(admin, locationId, { name: 'Hall Lenker' });
    const res = await admin.post('backend/bays/links/create', {
      bayId: bay,
      title: 'Styring',
      url: 'http://10.0.0.5/panel',
      iconClass: 'ti-external-link',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      bayId: bay,
      title: 'Styring',
      url: 'http://10.0.0.5/panel',
      target: 'blank',
      iconClass: 'ti-external-link',
      sortOrder: 0,
    });
    const second = await createLink(bay, 'Manual', { target: 'self', iconClass: '' });
    expect(second.sortOrder).toBe(1);
    const list = await linksOf(bay);
    expect(list.count).toBe(2);
    expect(list.data.map((l) => l.title)).toEqual(['Styring', 'Manual']);
    expect((await admin.post('backend/bays/links/get', { id: second.id })).json().data.iconClass).toBeNull();
  });

  it.each([
    [{ url: 'javascript:alert(1)' }, 'url', 'URL-en må begynne med http:// eller https://'],
    [{ url: 'ftp://example.com/fil' }, 'url', 'URL-en må begynne med http:// eller https://'],
    [{ url: 'ikke en url' }, 'url', 'Ugyldig URL'],
    [{ url: '' }, 'url', 'URL er påkrevd'],
    [{ iconClass: 'fa fa-link' }, 'iconClass', 'Ikonklassen kan bare inneholde bokstaver og bindestrek'],
    [{ iconClass: 'icon_1' }, 'iconClass', 'Ikonklassen kan bare inneholde bokstaver og bindestrek'],
    [{ target: 'top' }, 'target', 'Mål må være self eller blank'],
    [{ title: 'Ab' }, 'title', 'Navnet må være lenger enn 2 bokstaver'],
  ])('refuses %o with "%s: %s"', async (overrides, path, message) => {
    const res = await admin.post('backend/bays/links/create', {
      bayId,
      title: 'Lenke',
      url: 'https://example.com',
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())[path]).toBe(message);
  });

  it('asks for an id or a bay to list', async () => {
    const res = await admin.post('backend/bays/links/get', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Oppgi id eller filters.bayId');
  });

  it('updates and deletes, writing both to the audit log', async () => {
    const link = await createLink(bayId, 'Endres');
    const res = await admin.patch('backend/bays/links/update', {
      id: link.id,
      url: 'https://vask.no',
      target: 'self',
    });
    expect(res.json().data).toMatchObject({ url: 'https://vask.no', target: 'self', title: 'Endres' });
    expect((await admin.del('backend/bays/links/delete', { id: link.id })).statusCode).toBe(200);
    expect((await admin.post('backend/bays/links/get', { id: link.id })).statusCode).toBe(404);
    expect((await admin.del('backend/bays/links/delete', { id: link.id })).statusCode).toBe(404);
    expect(await logRows(ctx, LOG_TYPES.location.linksUpdate)).toContainEqual(
      expect.objectContaining({ resource_id: link.id, user_id: admin.user.id }),
    );
    expect(await logRows(ctx, LOG_TYPES.location.linksDelete)).toHaveLength(1);
  });
});

describe('reordering', () => {
  it('rewrites the order as 0..n-1 in the order given', async () => {
    const bay = await createBay(admin, locationId, { name: 'Hall Rekkefolge' });
    const a = await createLink(bay, 'Alfa');
    const b = await createLink(bay, 'Beta', { sortOrder: 10 });
    const c = await createLink(bay, 'Gamma', { sortOrder: 10 });
    // Equal sort orders set by hand still read in a total order: by age, then id.
    expect((await linksOf(bay)).data.map((l) => l.title)).toEqual(['Alfa', 'Beta', 'Gamma']);

    const res = await admin.patch('backend/bays/links/reorder', { bayId: bay, ids: [c.id, a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((l: { title: string; sortOrder: number }) => [l.title, l.sortOrder])).toEqual([
      ['Gamma', 0],
      ['Alfa', 1],
      ['Beta', 2],
    ]);
    expect((await linksOf(bay)).data.map((l) => l.sortOrder)).toEqual([0, 1, 2]);
    expect(await logRows(ctx, LOG_TYPES.location.linksReorder)).toContainEqual(
      expect.objectContaining({
        resource_id: bay,
        extra_data: expect.objectContaining({ ids: [c.id, a.id, b.id] }),
      }),
    );
  });

  it("refuses a list that is not exactly the bay's links, and changes nothing", async () => {
    const bay = await createBay(admin, locationId, { name: 'Hall Feil Rekkefolge' });
    const a = await createLink(bay, 'Alfa');
    const b = await createLink(bay, 'Beta');
    const foreign = await createLink(bayId, 'Fremmed');
    for (const ids of [
      [a.id],
      [a.id, b.id, b.id],
      [a.id, b.id, foreign.id],
      [a.id, foreign.id],
      [b.id, unknownId()],
    ]) {
      const res = await admin.patch('backend/bays/links/reorder', { bayId: bay, ids });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Rekkefølgen må inneholde hver lenke til vaskehallen nøyaktig én gang');
    }
    expect((await linksOf(bay)).data.map((l) => l.title)).toEqual(['Alfa', 'Beta']);
    expect((await linksOf(bayId)).data.map((l) => l.title)).toContain('Fremmed');
  });

  it('accepts the empty order of a bay without links', async () => {
    const bay = await createBay(admin, locationId, { name: 'Hall Tom' });
    expect((await admin.patch('backend/bays/links/reorder', { bayId: bay, ids: [] })).json()).toEqual({
      data: [],
      count: 0,
    });
  });
});

describe('hidden with their bay or facility, and by access', () => {
  it('hides the links of a deleted bay and of a deleted facility', async () => {
    const location = await createLocation(admin);
    const bay = await createBay(admin, location);
    const link = await createLink(bay, 'Skjult');
    await admin.del('backend/bays/delete', { id: bay });
    expect((await admin.post('backend/bays/links/get', { id: link.id })).statusCode).toBe(404);
    expect((await admin.post('backend/bays/links/get', { filters: { bayId: bay } })).statusCode).toBe(404);
    expect(
      (await admin.patch('backend/bays/links/update', { id: link.id, title: 'Tilbake' })).statusCode,
    ).toBe(404);

    const bay2 = await createBay(admin, location, { name: 'Hall To' });
    const link2 = await createLink(bay2, 'Skjult To');
    await admin.del('backend/locations/delete', { id: location });
    expect((await admin.post('backend/bays/links/get', { id: link2.id })).statusCode).toBe(404);
    expect(
      (await admin.post('backend/bays/links/create', { bayId: bay2, title: 'Ny lenke', url: 'https://a.no' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin.patch('backend/bays/links/reorder', { bayId: bay2, ids: [link2.id] })).statusCode,
    ).toBe(404);
  });

  it('shows an operator the links of granted facilities only; 403 for every write', async () => {
    const operator = await caller(ctx, 'operator');
    const granted = await createLocation(admin);
    const grantedBay = await createBay(admin, granted);
    const mine = await createLink(grantedBay, 'Synlig');
    const theirs = await createLink(bayId, 'Usynlig');
    await grantAccess(ctx, operator.user.id, granted);

    expect((await linksOf(grantedBay, operator)).data.map((l) => l.id)).toEqual([mine.id]);
    const hidden = await operator.post('backend/bays/links/get', { id: theirs.id });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(
      (await operator.post('backend/bays/links/get', { id: unknownId() })).json(),
    );
    expect((await operator.post('backend/bays/links/get', { filters: { bayId } })).statusCode).toBe(404);

    const writes = [
      await operator.post('backend/bays/links/create', {
        bayId: grantedBay,
        title: 'Ny',
        url: 'https://a.no',
      }),
      await operator.patch('backend/bays/links/update', { id: mine.id, title: 'Endret' }),
      await operator.del('backend/bays/links/delete', { id: mine.id }),
      await operator.patch('backend/bays/links/reorder', { bayId: grantedBay, ids: [mine.id] }),
    ];
    for (const res of writes) expect(res.statusCode).toBe(403);
  });
});
