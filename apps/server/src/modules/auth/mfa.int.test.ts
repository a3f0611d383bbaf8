import { GoTrueClient } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type SessionBody, signIn, type TestContext } from '../../../test/helpers';
import { claims, codeFor, mfaCalls } from '../../../test/mfa';
import { callApi, logRows } from '../../../test/people';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const { auth, enroll, challengeAndVerify, userWithTotp } = mfaCalls(() => ctx);

describe('TOTP enrolment', () => {
  it('answers a QR code, the secret and an otpauth URI, and keeps the secret encrypted', async () => {
    const user = await createUser(ctx, { email: 'totp@example.com' });
    const session = await signIn(ctx, user.email);
    const factor = await enroll(session.access_token);
    expect(factor.totp.qr_code.startsWith('<svg')).toBe(true);
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/Vaskedrift:totp%40example\.com\?.*issuer=Vaskedrift/);
    const { rows } = await ctx.database.pool.query(
      'select secret_encrypted from auth_mfa_factors where id = $1',
      [factor.id],
    );
    expect(rows[0].secret_encrypted).not.toContain(factor.totp.secret);
    const me = await auth('GET', '/user', session.access_token);
    expect(me.json().factors).toEqual([
      expect.objectContaining({
        id: factor.id,
        friendly_name: 'Mobil',
        factor_type: 'totp',
        status: 'unverified',
      }),
    ]);
    // An unverified factor does not lock the user out of the API.
    expect(
      (await callApi(ctx, session.access_token, 'POST', 'backend/users/get', { id: user.id })).statusCode,
    ).toBe(200);
  });

  it('a correct code verifies the factor and raises the session to aal2; it is logged', async () => {
    const { user, factor, session } = await userWithTotp();
    expect(claims(session.access_token)).toMatchObject({ aal: 'aal2', session_id: expect.any(String) });
    expect(claims(session.access_token).amr.map((m: { method: string }) => m.method)).toEqual([
      'totp',
      'password',
    ]);
    expect(session.user).toMatchObject({ factors: [{ id: factor.id, status: 'verified' }] });
    expect(
      (await callApi(ctx, session.access_token, 'POST', 'backend/users/get', { id: user.id })).statusCode,
    ).toBe(200);
    const rows = (await logRows(ctx, 'users/mfa/enroll')).filter((r) => r.user_id === user.id);
    expect(rows).toHaveLength(1);
  });

  it('refuses a wrong code, and the same code used twice (replay)', async () => {
    const user = await createUser(ctx);
    const session = await signIn(ctx, user.email);
    const factor = await enroll(session.access_token);
    const code = await codeFor(factor.totp.secret);
    const wrong = await challengeAndVerify(
      session.access_token,
      factor.id,
      code === '000000' ? '111111' : '000000',
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ error_code: 'mfa_verification_failed' });
    expect((await challengeAndVerify(session.access_token, factor.id, code)).statusCode).toBe(200);
    const replay = await challengeAndVerify(session.access_token, factor.id, code);
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toMatchObject({
      error_code: 'mfa_verification_failed',
      msg: 'Feil kode, eller koden er allerede brukt',
    });
  });

  it('a challenge works once and expires after five minutes', async () => {
    const user = await createUser(ctx);
    const session = await signIn(ctx, user.email);
    const factor = await enroll(session.access_token);
    const challenge = (
      await auth('POST', `/factors/${factor.id}/challenge`, session.access_token, {})
    ).json();
    expect(challenge.expires_at).toBeGreaterThan(Date.now() / 1000 + 290);
    await ctx.database.pool.query(
      `update auth_mfa_challenges set created_at = now() - interval '6 minutes' where id = $1`,
      [challenge.id],
    );
    const res = await auth('POST', `/factors/${factor.id}/verify`, session.access_token, {
      challenge_id: challenge.id,
      code: await codeFor(factor.totp.secret),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error_code).toBe('mfa_challenge_expired');
  });

  it('needs a fresh session: signed in more than ten minutes ago answers reauthentication_needed', async () => {
    const user = await createUser(ctx);
    const session = await signIn(ctx, user.email);
    await ctx.database.pool.query(
      `update auth_sessions set created_at = now() - interval '11 minutes' where user_id = $1`,
      [user.id],
    );
    const res = await auth('POST', '/factors', session.access_token, { factor_type: 'totp' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error_code).toBe('reauthentication_needed');
  });

  it("answers another user's factor as not found, and a bad id with 400", async () => {
    const { factor } = await userWithTotp();
    const stranger = await signIn(ctx, (await createUser(ctx)).email);
    const res = await auth('POST', `/factors/${factor.id}/challenge`, stranger.access_token, {});
    expect(res.statusCode).toBe(404);
    expect(res.json().error_code).toBe('mfa_factor_not_found');
    expect((await auth('DELETE', '/factors/abc', stranger.access_token)).statusCode).toBe(400);
  });

  it('locks out guessing: after 10 wrong codes in a minute, 429', async () => {
    const user = await createUser(ctx);
    const session = await signIn(ctx, user.email);
    const factor = await enroll(session.access_token);
    const real = await codeFor(factor.totp.secret);
    const wrongCode = (i: number) => (String(100000 + i) === real ? '999999' : String(100000 + i));
    for (let i = 0; i < 10; i++) {
      expect((await challengeAndVerify(session.access_token, factor.id, wrongCode(i))).statusCode).toBe(422);
    }
    const res = await challengeAndVerify(session.access_token, factor.id, real);
    expect(res.statusCode).toBe(429);
  });
});

describe('signing in with a verified factor', () => {
  it('gives an aal1 session that /api/v1 refuses until the code is given', async () => {
    const { user, factor } = await userWithTotp();
    const aal1 = await signIn(ctx, user.email);
    expect(claims(aal1.access_token).aal).toBe('aal1');
    const refused = await callApi(ctx, aal1.access_token, 'POST', 'backend/users/get', { id: user.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'auth/mfa-required',
      message: 'Fullfør innloggingen med koden fra autentiseringsappen',
    });
    expect(
      (await callApi(ctx, aal1.access_token, 'POST', 'backend/logs/create', { type: 'users/login/auto' }))
        .statusCode,
    ).toBe(403);
    // /auth/v1/user still answers, with the verified factor auth-js reads nextLevel from.
    const me = await auth('GET', '/user', aal1.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json().factors).toEqual([expect.objectContaining({ id: factor.id, status: 'verified' })]);
    // Nor can the password alone add another factor or set a new password.
    expect(
      (await auth('POST', '/factors', aal1.access_token, { factor_type: 'totp' })).json().error_code,
    ).toBe('insufficient_aal');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: { authorization: `Bearer ${aal1.access_token}` },
      payload: { password: 'nytt-passord-123' },
    });
    expect(put.json().error_code).toBe('insufficient_aal');

    const verified = await challengeAndVerify(
      aal1.access_token,
      factor.id,
      await codeFor(factor.totp.secret, 1),
    );
    expect(verified.statusCode).toBe(200);
    const aal2 = verified.json() as SessionBody;
    expect(
      (await callApi(ctx, aal2.access_token, 'POST', 'backend/users/get', { id: user.id })).statusCode,
    ).toBe(200);
    // The refresh token handed out at aal1 was replaced by the one answered now.
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: aal2.refresh_token },
    });
    expect(claims(refreshed.json().access_token).aal).toBe('aal2');
  });

  it('unenrolling a verified factor needs aal2; afterwards a password alone is enough again', async () => {
    const { user, factor, session } = await userWithTotp();
    const aal1 = await signIn(ctx, user.email);
    const refused = await auth('DELETE', `/factors/${factor.id}`, aal1.access_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error_code).toBe('insufficient_aal');
    const removed = await auth('DELETE', `/factors/${factor.id}`, session.access_token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id: factor.id });
    expect(
      (await callApi(ctx, aal1.access_token, 'POST', 'backend/users/get', { id: user.id })).statusCode,
    ).toBe(200);
    expect((await logRows(ctx, 'users/mfa/unenroll')).some((r) => r.user_id === user.id)).toBe(true);
  });
});

describe('@supabase/auth-js mfa against a listening server', () => {
  it('enrols, verifies, reads the assurance level, and is challenged at the next sign-in', async () => {
    const user = await createUser(ctx, { role: 'admin' });
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const client = () => {
      const store = new Map<string, string>();
      return new GoTrueClient({
        url: `${address}/auth/v1`,
        autoRefreshToken: false,
        persistSession: true,
        storage: {
          getItem: (k: string) => store.get(k) ?? null,
          setItem: (k: string, v: string) => void store.set(k, v),
          removeItem: (k: string) => void store.delete(k),
        },
      });
    };
    const first = client();
    await first.signInWithPassword({ email: user.email, password: 'riktig-passord-123' });
    const enrolled = await first.mfa.enroll({ factorType: 'totp', friendlyName: 'Telefon' });
    expect(enrolled.error).toBeNull();
    if (enrolled.data?.type !== 'totp') throw new Error('ikke totp');
    expect(enrolled.data.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    const secret = enrolled.data.totp.secret;
    const ok = await first.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code: await codeFor(secret),
    });
    expect(ok.error).toBeNull();
    expect((await first.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
    expect((await first.mfa.listFactors()).data?.totp.map((f) => f.id)).toEqual([enrolled.data.id]);

    const second = client();
    await second.signInWithPassword({ email: user.email, password: 'riktig-passord-123' });
    const level = await second.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const again = await second.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code: await codeFor(secret, 1),
    });
    expect(again.error).toBeNull();
    expect((await second.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
    const removed = await second.mfa.unenroll({ factorId: enrolled.data.id });
    expect(removed.error).toBeNull();
  });
});
