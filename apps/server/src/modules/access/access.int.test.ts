import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestContext } from '../../../test/helpers';
import { callApi, insertLocation, logRows, type SignedIn, signedIn } from '../../../test/people';
import { assertLocationVisible } from './location-access';

let ctx: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedIn(ctx, 'admin');
});
afterAll(() => ctx.close());

const grant = (userId: string, locationId: string, token = admin.token) =>
  callApi(ctx, token, 'POST', 'backend/users/access/create', { userId, locationId });
const accessOf = (userId: string) =>
  callApi(ctx, admin.token, 'POST', 'backend/users/access/get', { userId });

describe('facility access', () => {
  it('grants facilities one by one; the user then sees exactly those', async () => {
    const operator = await createUser(ctx, { role: 'operator' });
    const nord = await insertLocation(ctx, 'Vask Nord');
    const sor = await insertLocation(ctx, 'Vask Sør');
    const res = await grant(operator.id, nord);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      userId: operator.id,
      locationId: nord,
      grantedBy: admin.user.id,
    });

    const access = await accessOf(operator.id);
    expect(access.statusCode).toBe(200);
    expect(access.json().data).toMatchObject({
      userId: operator.id,
      isAdmin: false,
      locations: [{ locationId: nord, name: 'Vask Nord', city: 'Oslo', grantedBy: admin.user.id }],
    });
    const principal = { userId: operator.id, role: 'operator' as const };
    await expect(assertLocationVisible(ctx.database.db, principal, nord)).resolves.toBeUndefined();
    await expect(assertLocationVisible(ctx.database.db, principal, sor)).rejects.toThrow(
      'Fant ikke anlegget',
    );
    const [entry] = await logRows(ctx, 'users/access/create');
    expect(entry).toMatchObject({
      resource_id: operator.id,
      user_id: admin.user.id,
      extra_data: { locationId: nord },
    });
  });

  it('granting twice is harmless and logged once', async () => {
    const user = await createUser(ctx);
    const location = await insertLocation(ctx, 'Vask To ganger');
    expect((await grant(user.id, location)).statusCode).toBe(200);
    expect((await grant(user.id, location)).statusCode).toBe(200);
    expect((await accessOf(user.id)).json().data.locations).toHaveLength(1);
    const rows = (await logRows(ctx, 'users/access/create')).filter((r) => r.resource_id === user.id);
    expect(rows).toHaveLength(1);
  });

  it('revokes a grant, logged; revoking one that does not exist is 404', async () => {
    const user = await createUser(ctx);
    const location = await insertLocation(ctx, 'Vask Fjernes');
    await grant(user.id, location);
    const res = await callApi(ctx, admin.token, 'DELETE', 'backend/users/access/delete', {
      userId: user.id,
      locationId: location,
    });
    expect(res.statusCode).toBe(200);
    expect((await accessOf(user.id)).json().data.locations).toEqual([]);
    const again = await callApi(ctx, admin.token, 'DELETE', 'backend/users/access/delete', {
      userId: user.id,
      locationId: location,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Brukeren har ikke tilgang til dette anlegget');
    const rows = (await logRows(ctx, 'users/access/delete')).filter((r) => r.resource_id === user.id);
    expect(rows).toHaveLength(1);
  });

  it('answers isAdmin for admins and refuses a grant to them', async () => {
    const other = await createUser(ctx, { role: 'admin' });
    const location = await insertLocation(ctx, 'Vask Admin');
    expect((await accessOf(other.id)).json().data).toEqual({
      userId: other.id,
      isAdmin: true,
      locations: [],
    });
    const res = await grant(other.id, location);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'users/access-admin',
      message: 'Brukeren er en administrator og ser alle anlegg allerede',
    });
  });

  it('refuses a deleted or unknown facility and a bad id', async () => {
    const user = await createUser(ctx);
    const deleted = await insertLocation(ctx, 'Vask Slettet', true);
    const res = await grant(user.id, deleted);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Fant ikke anlegget');
    expect((await grant(user.id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await grant(user.id, 'anlegg-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ path: 'locationId', message: 'Ugyldig id' }]);
  });

  it('hides a facility deleted after the grant', async () => {
    const user = await createUser(ctx);
    const location = await insertLocation(ctx, 'Vask Senere slettet');
    await grant(user.id, location);
    await ctx.database.pool.query('update locations set deleted_at = now() where id = $1', [location]);
    expect((await accessOf(user.id)).json().data.locations).toEqual([]);
  });

  it('an admin cannot manage the access of a superadmin', async () => {
    const top = await createUser(ctx, { role: 'superadmin' });
    const location = await insertLocation(ctx, 'Vask Topp');
    const res = await grant(top.id, location);
    expect(res.statusCode).toBe(403);
  });

  it('an operator cannot grant themself access', async () => {
    const operator = await createUser(ctx, { role: 'operator' });
    const session = await signIn(ctx, operator.email);
    const location = await insertLocation(ctx, 'Vask Selv');
    const res = await grant(operator.id, location, session.access_token);
    expect(res.statusCode).toBe(403);
  });
});
