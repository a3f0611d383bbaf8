import { GoTrueClient } from '@supabase/auth-js';
import { REFRESH_REUSE_GRACE_SECONDS } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, TEST_PASSWORD, type TestContext } from '../../../test/helpers';
import { updateUser } from '../users';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const token = (payload: unknown, grant: 'password' | 'refresh_token' = 'password', ip?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/auth/v1/token?grant_type=${grant}`,
    payload: payload as Record<string, unknown>,
    ...(ip ? { remoteAddress: ip } : {}),
  });

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/** Moves the revocation of every used refresh token back past the grace window. */
const ageRevokedTokens = () =>
  ctx.database.db.execute(
    sql`update auth_refresh_tokens set revoked_at = now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS + 1}) where revoked`,
  );

describe('password grant', () => {
  it('answers a GoTrue session with the user and the app role', async () => {
    const user = await createUser(ctx, { role: 'operator', email: 'Tekniker@Example.com' });
    const res = await token({ email: 'tekniker@example.com', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 900,
      user: { id: user.id, email: 'Tekniker@Example.com', app_metadata: { role: 'operator' } },
    });
    expect(body.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(body.refresh_token).toMatch(/^[\w-]{40,}$/);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const user = await createUser(ctx);
    const wrong = await token({ email: user.email, password: 'feil-passord' }, 'password', '10.0.0.1');
    const unknown = await token(
      { email: 'ingen@example.com', password: 'feil-passord' },
      'password',
      '10.0.0.2',
    );
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error_code).toBe('invalid_credentials');
  });

  it('refuses a disabled user with the same answer', async () => {
    const user = await createUser(ctx);
    await updateUser(ctx.database.db, user.id, { disabledAt: new Date() });
    const res = await token({ email: user.email, password: TEST_PASSWORD }, 'password', '10.0.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json().error_code).toBe('invalid_credentials');
  });

  it('refuses a missing password with validation_failed', async () => {
    const res = await token({ email: 'a@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_code).toBe('validation_failed');
  });

  it('answers the 11th bad login in a minute for one account with 429', async () => {
    const user = await createUser(ctx);
    for (let i = 1; i <= 10; i++) {
      const res = await token({ email: user.email, password: 'feil-passord' }, 'password', `10.1.0.${i}`);
      expect(res.statusCode).toBe(400);
    }
    const eleventh = await token({ email: user.email, password: TEST_PASSWORD }, 'password', '10.1.0.11');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error_code).toBe('over_request_rate_limit');
  });

  it('answers the 11th bad login in a minute from one IP with 429, whatever the account', async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await token(
        { email: `ukjent${i}@example.com`, password: 'feil-passord' },
        'password',
        '10.2.0.1',
      );
      expect(res.statusCode).toBe(400);
    }
    const other = await createUser(ctx);
    const eleventh = await token({ email: other.email, password: TEST_PASSWORD }, 'password', '10.2.0.1');
    expect(eleventh.statusCode).toBe(429);
    const elsewhere = await token({ email: other.email, password: TEST_PASSWORD }, 'password', '10.2.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('writes users/login/manual to the log', async () => {
    const user = await createUser(ctx);
    await signIn(ctx, user.email);
    await ctx.app.bus.drain();
    const { rows } = await ctx.database.pool.query(
      'select type, resource_type, resource_id, user_id from logs where user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([
      { type: 'users/login/manual', resource_type: 'users', resource_id: user.id, user_id: user.id },
    ]);
  });
});

describe('refresh tokens', () => {
  it('rotate: a refresh answers a new token and the old one stops working after the grace window', async () => {
    const user = await createUser(ctx);
    const first = await signIn(ctx, user.email);
    const refreshed = await token({ refresh_token: first.refresh_token }, 'refresh_token');
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);

    // Inside the grace window a second tab presenting the old token still gets in.
    const raced = await token({ refresh_token: first.refresh_token }, 'refresh_token');
    expect(raced.statusCode).toBe(200);

    await ageRevokedTokens();
    const replay = await token({ refresh_token: first.refresh_token }, 'refresh_token');
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error_code).toBe('refresh_token_already_used');

    // The whole session is gone: the newest token and the access token no longer work.
    const afterRevoke = await token({ refresh_token: second.refresh_token }, 'refresh_token');
    expect(afterRevoke.statusCode).toBe(400);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/auth/v1/user',
      headers: bearer(second.access_token),
    });
    expect(me.statusCode).toBe(403);
    expect(me.json().error_code).toBe('session_not_found');
  });

  it('refuses an unknown refresh token', async () => {
    const res = await token({ refresh_token: 'finnes-ikke' }, 'refresh_token');
    expect(res.statusCode).toBe(400);
    expect(res.json().error_code).toBe('refresh_token_not_found');
  });

  it('stop working for a user who is disabled', async () => {
    const user = await createUser(ctx);
    const session = await signIn(ctx, user.email);
    await updateUser(ctx.database.db, user.id, { disabledAt: new Date() });
    const res = await token({ refresh_token: session.refresh_token }, 'refresh_token');
    expect(res.statusCode).toBe(400);
    const api = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/backend/logs/create',
      headers: bearer(session.access_token),
      payload: { type: 'users/login/auto' },
    });
    expect(api.statusCode).toBe(401);
  });
});

describe('user and logout', () => {
  it('GET /user answers the signed-in user', async () => {
    const user = await createUser(ctx, { firstName: 'Ola', lastName: 'Hansen' });
    const session = await signIn(ctx, user.email);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/auth/v1/user',
      headers: bearer(session.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      user_metadata: { firstName: 'Ola', lastName: 'Hansen' },
    });
  });

  it('GET /user refuses a forged token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/auth/v1/user', headers: bearer('a.b.c') });
    expect(res.statusCode).toBe(403);
  });

  it('logout (local) ends only this session and is logged', async () => {
    const user = await createUser(ctx);
    const a = await signIn(ctx, user.email);
    const b = await signIn(ctx, user.email);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/logout',
      headers: bearer(a.access_token),
    });
    expect(out.statusCode).toBe(204);
    const meA = await ctx.app.inject({
      method: 'GET',
      url: '/auth/v1/user',
      headers: bearer(a.access_token),
    });
    const meB = await ctx.app.inject({
      method: 'GET',
      url: '/auth/v1/user',
      headers: bearer(b.access_token),
    });
    expect(meA.statusCode).toBe(403);
    expect(meB.statusCode).toBe(200);
    await ctx.app.bus.drain();
    const { rows } = await ctx.database.pool.query(
      `select count(*)::int as n from logs where user_id = $1 and type = 'users/logout/manual'`,
      [user.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('logout (global) ends every session of the user', async () => {
    const user = await createUser(ctx);
    const a = await signIn(ctx, user.email);
    const b = await signIn(ctx, user.email);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=global',
      headers: { ...bearer(a.access_token), 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(204);
    const refresh = await token({ refresh_token: b.refresh_token }, 'refresh_token');
    expect(refresh.statusCode).toBe(400);
  });
});

describe('@supabase/auth-js against a listening server', () => {
  it('signs in, refreshes, gets the user and signs out', async () => {
    const user = await createUser(ctx, { role: 'admin' });
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const store = new Map<string, string>();
    const client = new GoTrueClient({
      url: `${address}/auth/v1`,
      autoRefreshToken: false,
      persistSession: true,
      storage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      },
    });

    const bad = await client.signInWithPassword({ email: user.email, password: 'feil-passord' });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('invalid_credentials');

    const signedIn = await client.signInWithPassword({ email: user.email, password: TEST_PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.app_metadata.role).toBe('admin');
    const firstRefresh = signedIn.data.session?.refresh_token;

    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(firstRefresh);

    const me = await client.getUser();
    expect(me.data.user?.email).toBe(user.email);

    const out = await client.signOut();
    expect(out.error).toBeNull();
    expect((await client.getSession()).data.session).toBeNull();
  });
});
