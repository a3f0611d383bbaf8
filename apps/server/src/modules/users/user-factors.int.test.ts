import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestContext } from '../../../test/helpers';
import { caller, unknownId } from '../../../test/locations';
import { mfaCalls } from '../../../test/mfa';
import { callApi, logRows } from '../../../test/people';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const { auth, userWithTotp } = mfaCalls(() => ctx);
const PATH = 'backend/users/factors/delete';

describe('an admin removes a locked-out user’s two-factor sign-in', () => {
  it("removes an operator's factor and recovery codes; the password alone works again; it is logged", async () => {
    const admin = await caller(ctx, 'admin');
    const { user, session } = await userWithTotp('operator');
    expect((await auth('POST', '/factors/recovery-codes', session.access_token)).statusCode).toBe(200);

    const res = await admin.del(PATH, { userId: user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { userId: user.id, factorsRemoved: 1 } });

    const aal1 = await signIn(ctx, user.email);
    expect(
      (await callApi(ctx, aal1.access_token, 'POST', 'backend/users/get', { id: user.id })).statusCode,
    ).toBe(200);
    expect((await auth('GET', '/user', aal1.access_token)).json().factors).toEqual([]);
    expect((await auth('GET', '/factors/recovery-codes', aal1.access_token)).statusCode).toBe(404);
    // The session raised with the removed factor is aal1 again: a code it gave no longer counts.
    const { rows } = await ctx.database.pool.query(
      'select aal, mfa_verified_at from auth_sessions where user_id = $1',
      [user.id],
    );
    expect(rows.every((r) => r.aal === 'aal1' && r.mfa_verified_at === null)).toBe(true);

    const logged = (await logRows(ctx, 'users/mfa/delete')).filter((r) => r.resource_id === user.id);
    expect(logged).toEqual([
      expect.objectContaining({
        user_id: admin.user.id,
        resource_type: 'users',
        extra_data: { factorsRemoved: 1, sessionsLowered: 1 },
      }),
    ]);
  });

  it("refuses an admin on a superadmin's factor", async () => {
    const admin = await caller(ctx, 'admin');
    const { user } = await userWithTotp('superadmin');
    const res = await admin.del(PATH, { userId: user.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'users/target-above',
      message: 'Du kan ikke endre en bruker med høyere nivå enn deg',
    });
    expect(
      (await ctx.database.pool.query('select 1 from auth_mfa_factors where user_id = $1', [user.id]))
        .rowCount,
    ).toBe(1);
  });

  it('refuses an operator on anyone', async () => {
    const operator = await caller(ctx, 'operator');
    const { user } = await userWithTotp('user');
    const res = await operator.del(PATH, { userId: user.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'auth/forbidden', message: 'Du har ikke tilgang til dette' });
  });

  it('answers an unknown user with 404, a user without two-factor with 409, and oneself with 403', async () => {
    const admin = await caller(ctx, 'admin');
    const unknown = await admin.del(PATH, { userId: unknownId() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Fant ikke brukeren' });

    const plain = await createUser(ctx);
    const none = await admin.del(PATH, { userId: plain.id });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      code: 'users/no-two-factor',
      message: 'Brukeren har ikke tofaktorinnlogging',
    });

    const self = await admin.del(PATH, { userId: admin.user.id });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({
      code: 'users/own-factor',
      message: 'Din egen tofaktor fjerner du under Min profil',
    });
  });
});
