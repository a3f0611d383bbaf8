import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, TEST_PASSWORD, type TestContext } from '../../../test/helpers';
import { callApi, logRows, type SignedIn, signedIn } from '../../../test/people';

/** Changing and deleting users: the rules of who may do what, and the sessions that end. */

let ctx: TestContext;
let superadmin: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  superadmin = await signedIn(ctx, 'superadmin');
  admin = await signedIn(ctx, 'admin');
});
afterAll(() => ctx.close());

async function createGroup(name: string) {
  const res = await callApi(ctx, admin.token, 'POST', 'backend/groups/create', {
    name,
    description: 'Skiftet som tar morgenvakta',
    config: { color: '#50CD89' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.id as string;
}

describe('backend/users/update: passwords, sessions and status', () => {
  it("requires the confirmation to match a new password: 'Passordene må være like'", async () => {
    const target = await createUser(ctx, { role: 'user' });
    const res = await callApi(ctx, admin.token, 'PATCH', 'backend/users/update', {
      id: target.id,
      password: 'nytt-passord-1',
      confirmPassword: 'nytt-passord-2',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'confirmPassword', message: 'Passordene må være like' }]);
  });

  it("an admin changing a user's password ends all their sessions; the new password works", async () => {
    const target = await createUser(ctx, { role: 'operator' });
    const session = await signIn(ctx, target.email);
    const res = await callApi(ctx, admin.token, 'PATCH', 'backend/users/update', {
      id: target.id,
      password: 'helt-nytt-passord',
      confirmPassword: 'helt-nytt-passord',
    });
    expect(res.statusCode).toBe(200);
    const after = await callApi(ctx, session.access_token, 'POST', 'backend/users/get', { id: target.id });
    expect(after.statusCode).toBe(401);
    await expect(signIn(ctx, target.email, TEST_PASSWORD)).rejects.toThrow(/400/);
    await expect(signIn(ctx, target.email, 'helt-nytt-passord')).resolves.toBeTruthy();
  });

  it('changing your own password keeps the session you changed it from and ends the others', async () => {
    const me = await signedIn(ctx, 'user');
    const otherDevice = await signIn(ctx, me.user.email);
    const res = await callApi(ctx, me.token, 'PATCH', 'backend/users/update', {
      id: me.user.id,
      password: 'mitt-nye-passord',
      confirmPassword: 'mitt-nye-passord',
    });
    expect(res.statusCode).toBe(200);
    expect((await callApi(ctx, me.token, 'POST', 'backend/users/get', { id: me.user.id })).statusCode).toBe(
      200,
    );
    const other = await callApi(ctx, otherDevice.access_token, 'POST', 'backend/users/get', {
      id: me.user.id,
    });
    expect(other.statusCode).toBe(401);
  });

  it('disabling a user ends their sessions and refuses their sign-in; enabling lets them back', async () => {
    const target = await createUser(ctx, { role: 'user' });
    const session = await signIn(ctx, target.email);
    const off = await callApi(ctx, admin.token, 'PATCH', 'backend/users/update', {
      id: target.id,
      disabled: true,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.disabledAt).not.toBeNull();
    const { rows } = await ctx.database.pool.query(
      'select count(*)::int as n from auth_sessions where user_id = $1',
      [target.id],
    );
    expect(rows[0].n).toBe(0);
    expect(
      (await callApi(ctx, session.access_token, 'POST', 'backend/users/get', { id: target.id })).statusCode,
    ).toBe(401);
    await expect(signIn(ctx, target.email)).rejects.toThrow(/400/);
    const on = await callApi(ctx, admin.token, 'PATCH', 'backend/users/update', {
      id: target.id,
      disabled: false,
    });
    expect(on.json().data.disabledAt).toBeNull();
    await expect(signIn(ctx, target.email)).resolves.toBeTruthy();
    const [entry] = (await logRows(ctx, 'users/update')).filter((r) => r.resource_id === target.id);
    expect(entry).toMatchObject({
      user_id: admin.user.id,
      extra_data: { fields: ['disabled'], sessionsEnded: 1 },
    });
  });
});

describe('backend/users/update: profile, role and avatar', () => {
  it('changes name, phone, e-mail, role and groups, and refuses an e-mail another user has', async () => {
    const target = await createUser(ctx, { role: 'user' });
    const groupId = await createGroup('Vaktlag');
    const res = await callApi(ctx, admin.token, 'PATCH', 'backend/users/update', {
      id: target.id,
      firstName: 'Per',
      phone: '22 33 44 55',
      email: `per-${target.id.slice(0, 6)}@example.com`,
      role: 'operator',
      groups: [groupId],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: 'Per',
      phone: '22 33 44 55',
      role: 'operator',
      groups: [{ id: groupId, name: 'Vaktlag' }],
    });
    const taken = await callApi(ctx, admin.token, 'PATCH', 'backend/users/update', {
      id: target.id,
      email: admin.user.email.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Denne eposten finnes allerede i systemet');
  });

  it('lets a user change their own name, phone and avatar but not their role, status, e-mail or groups', async () => {
    const me = await signedIn(ctx, 'operator');
    const ok = await callApi(ctx, me.token, 'PATCH', 'backend/users/update', {
      id: me.user.id,
      firstName: 'Egil',
      phone: '+4798765432',
      avatar: 'data:image/png;base64,iVBORw0KGgo=',
      role: 'operator',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ firstName: 'Egil', avatar: 'data:image/png;base64,iVBORw0KGgo=' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ role: 'user' }, 'Du kan ikke endre din egen rolle'],
      [{ role: 'admin' }, 'Du kan ikke gi brukeren høyere nivå enn deg'],
      [{ disabled: true }, 'Du kan ikke deaktivere deg selv'],
      [{ email: 'ny@example.com' }, 'Bare en administrator kan endre e-post, grupper eller status'],
      [{ groups: [] }, 'Bare en administrator kan endre e-post, grupper eller status'],
    ];
    for (const [change, message] of cases) {
      const res = await callApi(ctx, me.token, 'PATCH', 'backend/users/update', {
        id: me.user.id,
        ...change,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses an SVG avatar', async () => {
    const me = await signedIn(ctx, 'user');
    const res = await callApi(ctx, me.token, 'PATCH', 'backend/users/update', {
      id: me.user.id,
      avatar: 'data:image/svg+xml;base64,PHN2Zz4=',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ugyldig profilbilde');
  });

  it('an admin cannot change their own role, nor a superadmin, nor make anyone superadmin', async () => {
    const own = await callApi(ctx, admin.token, 'PATCH', 'backend/users/update', {
      id: admin.user.id,
      role: 'user',
    });
    expect(own.json().message).toBe('Du kan ikke endre din egen rolle');
    const above = await callApi(ctx, admin.token, 'PATCH', 'backend/users/update', {
      id: superadmin.user.id,
      firstName: 'Endret',
    });
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toBe('Du kan ikke endre en bruker med høyere nivå enn deg');
    const target = await createUser(ctx, { role: 'user' });
    const raise = await callApi(ctx, admin.token, 'PATCH', 'backend/users/update', {
      id: target.id,
      role: 'superadmin',
    });
    expect(raise.json().message).toBe('Du kan ikke gi brukeren høyere nivå enn deg');
  });
});

describe('backend/users/delete', () => {
  it('deletes a user, who can no longer sign in, and logs who did it', async () => {
    const target = await createUser(ctx, { role: 'operator' });
    const session = await signIn(ctx, target.email);
    const res = await callApi(ctx, admin.token, 'DELETE', 'backend/users/delete', { id: target.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: target.id } });
    expect(
      (await callApi(ctx, session.access_token, 'POST', 'backend/users/get', { id: target.id })).statusCode,
    ).toBe(401);
    const gone = await callApi(ctx, admin.token, 'POST', 'backend/users/get', { id: target.id });
    expect(gone.statusCode).toBe(404);
    const [entry] = (await logRows(ctx, 'users/delete')).filter((r) => r.resource_id === target.id);
    expect(entry).toMatchObject({
      user_id: admin.user.id,
      extra_data: { email: target.email, role: 'operator' },
    });
  });

  it('refuses deleting yourself and anyone above your level', async () => {
    const self = await callApi(ctx, admin.token, 'DELETE', 'backend/users/delete', { id: admin.user.id });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('Du kan ikke slette deg selv');
    const above = await callApi(ctx, admin.token, 'DELETE', 'backend/users/delete', {
      id: superadmin.user.id,
    });
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toBe('Du kan ikke slette en bruker med høyere nivå enn deg');
  });
});
