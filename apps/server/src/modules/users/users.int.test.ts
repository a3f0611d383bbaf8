import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestContext } from '../../../test/helpers';
import { callApi, logRows, type SignedIn, signedIn } from '../../../test/people';

let ctx: TestContext;
let superadmin: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  superadmin = await signedIn(ctx, 'superadmin');
  admin = await signedIn(ctx, 'admin');
});
afterAll(() => ctx.close());

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ola',
  lastName: 'Nordmann',
  email: `ola-${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone: '+47 912 34 567',
  password: 'et-godt-passord',
  role: 'operator',
  groups: [],
  ...overrides,
});

async function createGroup(name: string) {
  const res = await callApi(ctx, admin.token, 'POST', 'backend/groups/create', {
    name,
    description: 'Skiftet som tar morgenvakta',
    config: { color: '#50CD89' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.id as string;
}

describe('backend/users/create', () => {
  it('creates a user with groups, who can then sign in with the password given', async () => {
    const groupId = await createGroup('Morgenskift');
    const input = newUser({ groups: [groupId] });
    const res = await callApi(ctx, admin.token, 'POST', 'backend/users/create', input);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      firstName: 'Ola',
      lastName: 'Nordmann',
      email: input.email,
      phone: '+47 912 34 567',
      role: 'operator',
      avatar: null,
      disabledAt: null,
      groups: [{ id: groupId, name: 'Morgenskift', color: '#50CD89' }],
    });
    expect(data).not.toHaveProperty('passwordHash');
    const session = await signIn(ctx, input.email, 'et-godt-passord');
    expect(session.user.id).toBe(data.id);
    const [entry] = await logRows(ctx, 'users/create');
    expect(entry).toMatchObject({ resource_type: 'users', resource_id: data.id, user_id: admin.user.id });
  });

  it('accepts an empty group list but requires the field', async () => {
    const ok = await callApi(ctx, admin.token, 'POST', 'backend/users/create', newUser({ groups: [] }));
    expect(ok.statusCode).toBe(200);
    const { groups: _dropped, ...withoutGroups } = newUser();
    const missing = await callApi(ctx, admin.token, 'POST', 'backend/users/create', withoutGroups);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toContainEqual({ path: 'groups', message: 'Grupper er påkrevd' });
  });

  it("refuses an e-mail already in use, whatever its case: 'Denne eposten finnes allerede i systemet'", async () => {
    const existing = await createUser(ctx, { email: 'Kari.Hansen@Example.com' });
    const res = await callApi(
      ctx,
      admin.token,
      'POST',
      'backend/users/create',
      newUser({ email: 'kari.hansen@example.COM' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'auth/email-already-exists',
      message: 'Denne eposten finnes allerede i systemet',
    });
    const { rows } = await ctx.database.pool.query(
      `select count(*)::int as n from users where lower(email) = 'kari.hansen@example.com'`,
    );
    expect(rows[0].n).toBe(1);
    expect(existing.email).toBe('Kari.Hansen@Example.com');
  });

  it('answers every invalid field with its Norwegian message', async () => {
    const res = await callApi(ctx, admin.token, 'POST', 'backend/users/create', {
      firstName: 'Al',
      lastName: 'Ola!',
      email: 'ikke-en-epost',
      phone: '12',
      password: 'kort',
      role: 'konge',
      groups: ['ikke-en-id'],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('misc/validation');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'Navnet må være lenger enn 2 bokstaver' },
        { path: 'lastName', message: 'Navnet kan bare inneholde bokstaver, tall, mellomrom og bindestrek' },
        { path: 'email', message: 'Ugyldig e-postadresse' },
        { path: 'phone', message: 'Ugyldig telefonnummer' },
        { path: 'password', message: 'Passordet må være minst 8 tegn langt' },
        { path: 'role', message: 'Rolle er påkrevd' },
        { path: 'groups.0', message: 'Ugyldig id' },
      ]),
    );
  });

  it('accepts names with æøå, hyphens and spaces, and no phone', async () => {
    const res = await callApi(
      ctx,
      admin.token,
      'POST',
      'backend/users/create',
      newUser({ firstName: 'Anne-Marie', lastName: 'Ødegård Æsøy', phone: '' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ firstName: 'Anne-Marie', lastName: 'Ødegård Æsøy', phone: null });
  });

  it('refuses an unknown group', async () => {
    const res = await callApi(
      ctx,
      admin.token,
      'POST',
      'backend/users/create',
      newUser({ groups: ['00000000-0000-4000-8000-000000000000'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'groups.0', message: 'Ukjent gruppe' }]);
  });

  it("refuses a level above the creator's own: 'Du kan ikke gi brukeren høyere nivå enn deg'", async () => {
    const res = await callApi(
      ctx,
      admin.token,
      'POST',
      'backend/users/create',
      newUser({ role: 'superadmin' }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'users/role-too-high',
      message: 'Du kan ikke gi brukeren høyere nivå enn deg',
    });
    const bySuper = await callApi(
      ctx,
      superadmin.token,
      'POST',
      'backend/users/create',
      newUser({ role: 'superadmin' }),
    );
    expect(bySuper.statusCode).toBe(200);
  });
});

describe('backend/users/get', () => {
  it('answers one user by id', async () => {
    const res = await callApi(ctx, admin.token, 'POST', 'backend/users/get', { id: superadmin.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: superadmin.user.id, role: 'superadmin', groups: [] });
  });

  it('answers a bad id with 400 and an unknown one with 404', async () => {
    const bad = await callApi(ctx, admin.token, 'POST', 'backend/users/get', { id: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Ugyldig id');
    const unknown = await callApi(ctx, admin.token, 'POST', 'backend/users/get', {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Fant ikke brukeren');
  });

  it('answers {table: "v_users_data", id} with exactly the prefixed columns and groups', async () => {
    const groupId = await createGroup('Kveldsskift');
    const created = await callApi(
      ctx,
      admin.token,
      'POST',
      'backend/users/create',
      newUser({ firstName: 'Vera', groups: [groupId] }),
    );
    const id = created.json().data.id;
    const res = await callApi(ctx, admin.token, 'POST', 'backend/users/get', { table: 'v_users_data', id });
    expect(res.statusCode).toBe(200);
    const row = res.json().data;
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'profile_id',
        'profile_firstName',
        'profile_lastName',
        'profile_email',
        'profile_phone',
        'profile_role',
        'profile_avatar',
        'profile_createdAt',
        'profile_disabledAt',
        'settings_items_per_page',
        'settings_language',
        'settings_desktop_notifications',
        'theme_configs_mode',
        'theme_configs_theme_color',
        'user_configs_config',
        'groups',
      ].sort(),
    );
    expect(row).toMatchObject({
      id,
      profile_id: id,
      profile_firstName: 'Vera',
      profile_role: 'operator',
      settings_items_per_page: 5,
      settings_language: 'nb',
      settings_desktop_notifications: false,
      theme_configs_mode: 'dark',
      theme_configs_theme_color: '#50CD89',
      user_configs_config: {},
      groups: [{ id: groupId, name: 'Kveldsskift', color: '#50CD89' }],
    });
  });

  it('refuses an unknown table name and a view request without id', async () => {
    const table = await callApi(ctx, admin.token, 'POST', 'backend/users/get', {
      table: 'users',
      id: admin.user.id,
    });
    expect(table.statusCode).toBe(400);
    const noId = await callApi(ctx, admin.token, 'POST', 'backend/users/get', { table: 'v_users_data' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe('Oppgi id for å hente brukerdata');
  });

  it('lists a page with the total, searches names and e-mail, and sorts by a whitelisted column', async () => {
    for (const [firstName, lastName] of [
      ['Søk', 'Aaberg'],
      ['Søk', 'Berg'],
      ['Søk', 'Cberg'],
    ] as const) {
      await createUser(ctx, { firstName, lastName, email: `${lastName.toLowerCase()}@sok.example.com` });
    }
    const page1 = await callApi(ctx, admin.token, 'POST', 'backend/users/get', {
      search: 'sok.example',
      perPage: 2,
      page: 1,
      sort: { column: 'lastName', direction: 'desc' },
    });
    expect(page1.statusCode).toBe(200);
    expect(page1.json().count).toBe(3);
    expect(page1.json().data.map((u: { lastName: string }) => u.lastName)).toEqual(['Cberg', 'Berg']);
    const page2 = await callApi(ctx, admin.token, 'POST', 'backend/users/get', {
      search: 'sok.example',
      perPage: 2,
      page: 2,
      sort: { column: 'lastName', direction: 'desc' },
    });
    expect(page2.json().data.map((u: { lastName: string }) => u.lastName)).toEqual(['Aaberg']);
    const byName = await callApi(ctx, admin.token, 'POST', 'backend/users/get', { search: 'søk berg' });
    expect(byName.json().count).toBe(1);
    const wildcard = await callApi(ctx, admin.token, 'POST', 'backend/users/get', { search: '%' });
    expect(wildcard.json().count).toBe(0);
    const badSort = await callApi(ctx, admin.token, 'POST', 'backend/users/get', {
      sort: { column: 'password_hash' },
    });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toBe('Ugyldig sorteringskolonne');
  });

  it('defaults to 5 per page and filters by role', async () => {
    const all = await callApi(ctx, admin.token, 'POST', 'backend/users/get', {});
    expect(all.json().data.length).toBeLessThanOrEqual(5);
    const supers = await callApi(ctx, admin.token, 'POST', 'backend/users/get', {
      filters: { role: 'superadmin' },
      perPage: 100,
    });
    expect(supers.json().data.every((u: { role: string }) => u.role === 'superadmin')).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents every people-and-access route from the same schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/backend/users/get',
        '/api/v1/backend/users/create',
        '/api/v1/backend/users/update',
        '/api/v1/backend/users/delete',
        '/api/v1/backend/users/settings/update',
        '/api/v1/backend/users/configs/update',
        '/api/v1/backend/users/access/get',
        '/api/v1/backend/users/access/create',
        '/api/v1/backend/users/access/delete',
        '/api/v1/backend/groups/get',
        '/api/v1/backend/groups/create',
        '/api/v1/backend/groups/update',
        '/api/v1/backend/groups/delete',
        '/api/v1/backend/logs/get',
        '/api/v1/backend/logs/update',
        '/api/v1/backend/logs/delete',
        '/auth/v1/recover',
        '/auth/v1/verify',
        '/auth/v1/factors',
        '/auth/v1/factors/{id}/challenge',
        '/auth/v1/factors/{id}/verify',
        '/auth/v1/factors/{id}',
      ]),
    );
  });
});
