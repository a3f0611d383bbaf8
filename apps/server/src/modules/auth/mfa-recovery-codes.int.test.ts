import { formatRecoveryCode } from '@vaskedrift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type SessionBody, signIn, type TestContext } from '../../../test/helpers';
import { claims, mfaCalls } from '../../../test/mfa';
import { callApi, logRows } from '../../../test/people';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const { auth, userWithTotp } = mfaCalls(() => ctx);

/** A user with a verified factor and a fresh set of recovery codes. */
async function userWithCodes() {
  const withTotp = await userWithTotp();
  const res = await auth('POST', '/factors/recovery-codes', withTotp.session.access_token);
  expect(res.statusCode).toBe(200);
  return { ...withTotp, codes: res.json().codes as string[] };
}

async function signInWithRecoveryCode(email: string, code: string) {
  const aal1 = await signIn(ctx, email);
  return auth('POST', '/factors/recovery-codes/verify', aal1.access_token, { code });
}

const status = async (token: string) => (await auth('GET', '/factors/recovery-codes', token)).json();

describe('recovery codes', () => {
  it('are ten high-entropy codes answered once and kept only as hashes', async () => {
    const { user, session, codes } = await userWithCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{16}$/);
    const { rows } = await ctx.database.pool.query(
      'select code_hash from auth_mfa_recovery_codes where user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.code_hash)).not.toContain(codes[0]);
    expect(await status(session.access_token)).toMatchObject({
      type: 'recovery_code',
      total: 10,
      remaining: 10,
    });
    expect(await status(session.access_token)).not.toHaveProperty('codes');
    const again = await auth('POST', '/factors/recovery-codes', session.access_token);
    expect(again.statusCode).toBe(422);
    expect(again.json().error_code).toBe('mfa_verified_factor_exists');
    expect((await logRows(ctx, 'users/mfa/recovery-codes/create')).map((r) => r.user_id)).toContain(user.id);
  });

  it('one signs in in place of a TOTP code, raising the session to aal2; it works only once', async () => {
    const { user, codes } = await userWithCodes();
    const code = codes[3] ?? '';
    // Typed as printed, in capitals with dashes: case and separators do not matter.
    const res = await signInWithRecoveryCode(user.email, formatRecoveryCode(code).toUpperCase());
    expect(res.statusCode).toBe(200);
    const session = res.json() as SessionBody;
    expect(claims(session.access_token)).toMatchObject({ aal: 'aal2' });
    expect(claims(session.access_token).amr[0].method).toBe('mfa/recovery_code');
    expect(
      (await callApi(ctx, session.access_token, 'POST', 'backend/users/get', { id: user.id })).statusCode,
    ).toBe(200);
    expect(await status(session.access_token)).toMatchObject({ total: 10, remaining: 9 });

    const reused = await signInWithRecoveryCode(user.email, code);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      code: 'mfa_verification_failed',
      error_code: 'mfa_verification_failed',
      msg: 'Feil gjenopprettingskode, eller koden er allerede brukt',
      message: 'Feil gjenopprettingskode, eller koden er allerede brukt',
    });
    const used = (await logRows(ctx, 'users/mfa/recovery-codes/use')).filter((r) => r.user_id === user.id);
    expect(used).toHaveLength(1);
    expect(used[0]?.extra_data).toMatchObject({ remaining: 9 });
  });

  it('a malformed code is answered in Norwegian with validation_failed', async () => {
    const { user } = await userWithCodes();
    const res = await signInWithRecoveryCode(user.email, '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error_code: 'validation_failed',
      msg: 'En gjenopprettingskode har 16 bokstaver og tall',
    });
  });

  it('making new codes voids the old ones', async () => {
    const { user, session, codes: old } = await userWithCodes();
    const res = await auth('POST', '/factors/recovery-codes/regenerate', session.access_token);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(old[0]);
    expect((await signInWithRecoveryCode(user.email, old[0] ?? '')).statusCode).toBe(422);
    expect((await signInWithRecoveryCode(user.email, fresh[0] ?? '')).statusCode).toBe(200);
  });

  it('need a verified factor and an aal2 session; without codes, regenerating is not found', async () => {
    const plain = await createUser(ctx);
    const plainSession = await signIn(ctx, plain.email);
    const sole = await auth('POST', '/factors/recovery-codes', plainSession.access_token);
    expect(sole.statusCode).toBe(422);
    expect(sole.json().error_code).toBe('mfa_recovery_codes_sole_factor');

    const { user, session } = await userWithTotp();
    const aal1 = await signIn(ctx, user.email);
    const insufficient = await auth('POST', '/factors/recovery-codes', aal1.access_token);
    expect(insufficient.statusCode).toBe(401);
    expect(insufficient.json().error_code).toBe('insufficient_aal');
    const none = await auth('POST', '/factors/recovery-codes/regenerate', session.access_token);
    expect(none.statusCode).toBe(404);
    expect(none.json().error_code).toBe('mfa_factor_not_found');
    expect((await auth('GET', '/factors/recovery-codes', session.access_token)).statusCode).toBe(404);
  });

  it('go with the last factor', async () => {
    const { factor, session } = await userWithCodes();
    expect((await auth('DELETE', `/factors/${factor.id}`, session.access_token)).statusCode).toBe(200);
    expect((await auth('GET', '/factors/recovery-codes', session.access_token)).statusCode).toBe(404);
  });
});
