import { GoTrueClient } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, TEST_PASSWORD, type TestContext } from '../../../test/helpers';
import { callApi, logRows } from '../../../test/people';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';

let smtp: TestSmtpServer;
let ctx: TestContext;
const PUBLIC_URL = 'https://drift.example.no';

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'Vaskedrift <drift@example.no>' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

let ipCounter = 0;
/** Each test from its own address, so the per-IP limit of one test does not touch another. */
const nextIp = () => `10.9.0.${++ipCounter}`;

const recover = (email: string, ip = nextIp()) =>
  ctx.app.inject({ method: 'POST', url: '/auth/v1/recover', payload: { email }, remoteAddress: ip });
const verify = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/v1/verify',
    // Exactly what auth-js verifyOtp({type: 'recovery', token_hash}) sends.
    payload: { type: 'recovery', token_hash: token, gotrue_meta_security: {} },
  });
const setPassword = (accessToken: string, password: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/auth/v1/user',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { password, code_challenge: null, code_challenge_method: null },
  });

/** The recovery link in the e-mail to `to`, and its token. */
async function linkSentTo(to: string) {
  const mail = await smtp.waitFor((m) => m.to.includes(to.toLowerCase()) || m.to.includes(to));
  const link = /https:\/\/\S+/.exec(mail.text)?.[0] ?? '';
  return { mail, link, token: new URL(link).searchParams.get('token') ?? '' };
}

describe('password recovery by e-mail: the link', () => {
  it('e-mails a one-time link to /sign-in/reset that gives a session; the new password works', async () => {
    const user = await createUser(ctx, { firstName: 'Randi' });
    const other = await signIn(ctx, user.email);
    const res = await recover(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});

    const { mail, link, token } = await linkSentTo(user.email);
    expect(mail.subject).toBe('Tilbakestill passordet ditt i Vaskedrift');
    expect(mail.text).toContain('Hei Randi,');
    expect(mail.text).toContain('Lenken virker én gang og er gyldig i 60 minutter.');
    expect(link.startsWith(`${PUBLIC_URL}/sign-in/reset?token=`)).toBe(true);

    const verified = await verify(token);
    expect(verified.statusCode).toBe(200);
    const session = verified.json();
    expect(session).toMatchObject({ token_type: 'bearer', user: { id: user.id, email: user.email } });

    const weak = await setPassword(session.access_token, 'kort');
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toMatchObject({
      error_code: 'weak_password',
      msg: 'Passordet må være minst 8 tegn langt',
      weak_password: { reasons: ['length'] },
    });
    const changed = await setPassword(session.access_token, 'et-helt-nytt-passord');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().id).toBe(user.id);

    await expect(signIn(ctx, user.email, TEST_PASSWORD)).rejects.toThrow(/400/);
    await expect(signIn(ctx, user.email, 'et-helt-nytt-passord')).resolves.toBeTruthy();
    // The other session (another device, perhaps someone else's) is gone; this one lives on.
    const me = (token: string) =>
      ctx.app.inject({ method: 'GET', url: '/auth/v1/user', headers: { authorization: `Bearer ${token}` } });
    expect((await me(other.access_token)).statusCode).toBe(403);
    expect((await me(session.access_token)).statusCode).toBe(200);
    expect(await logRows(ctx, 'users/password/update')).toContainEqual(
      expect.objectContaining({
        resource_id: user.id,
        user_id: user.id,
        extra_data: expect.objectContaining({ sessionsEnded: 1 }),
      }),
    );
  });

  it('the link works only once', async () => {
    const user = await createUser(ctx);
    await recover(user.email);
    const { token } = await linkSentTo(user.email);
    expect((await verify(token)).statusCode).toBe(200);
    const second = await verify(token);
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({
      error_code: 'otp_expired',
      msg: 'Lenken er ugyldig eller utløpt. Be om en ny lenke.',
    });
  });

  it('an expired link does not work', async () => {
    const user = await createUser(ctx);
    await recover(user.email);
    const { token } = await linkSentTo(user.email);
    await ctx.database.pool.query(
      `update auth_recovery_tokens set expires_at = now() - interval '1 second' where user_id = $1`,
      [user.id],
    );
    const res = await verify(token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error_code).toBe('otp_expired');
  });
});

describe('password recovery by e-mail: who gets a link, limits and other clients', () => {
  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const known = await createUser(ctx);
    const before = smtp.messages.length;
    const started = Date.now();
    const unknown = await recover('finnes.ikke@example.com');
    const unknownMs = Date.now() - started;
    const knownRes = await recover(known.email);
    expect(unknown.statusCode).toBe(knownRes.statusCode);
    expect(unknown.body).toBe(knownRes.body);
    expect(unknownMs).toBeGreaterThanOrEqual(240); // the floor that hides the known path's extra work
    await linkSentTo(known.email);
    expect(smtp.messages.slice(before).map((m) => m.to)).toEqual([[known.email]]);
  });

  it('a disabled user gets no link', async () => {
    const user = await createUser(ctx);
    await ctx.database.pool.query('update users set disabled_at = now() where id = $1', [user.id]);
    expect((await recover(user.email)).statusCode).toBe(200);
    // A link is written (token and outbox row) before /recover answers, so nothing written now means no
    // e-mail is on its way: no fixed wait for a message that should not come.
    const written = async () => {
      const { rows } = await ctx.database.pool.query(
        `select (select count(*)::int from outbox where "to" = $1) as outbox,
                (select count(*)::int from auth_recovery_tokens where user_id = $2) as tokens`,
        [user.email, user.id],
      );
      return rows[0];
    };
    expect(await written()).toEqual({ outbox: 0, tokens: 0 });
    // The same user enabled again gets the link the same way: the path that stayed silent works.
    await ctx.database.pool.query('update users set disabled_at = null where id = $1', [user.id]);
    expect((await recover(user.email)).statusCode).toBe(200);
    await linkSentTo(user.email);
    expect(await written()).toEqual({ outbox: 1, tokens: 1 });
    expect(smtp.messages.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });

  it('limits requests per IP: the 11th in a minute answers 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await recover(`ingen${i}@example.com`, ip)).statusCode).toBe(200);
    }
    const res = await recover('ingen@example.com', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error_code).toBe('over_request_rate_limit');
  });

  it('refuses verify types other than recovery, and a random token', async () => {
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/verify',
      payload: { type: 'signup', token_hash: 'x' },
    });
    expect(other.statusCode).toBe(400);
    expect((await verify('ikke-et-token')).statusCode).toBe(403);
  });

  it('works end to end with auth-js: resetPasswordForEmail, verifyOtp, updateUser', async () => {
    const user = await createUser(ctx);
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
    const events: string[] = [];
    client.onAuthStateChange((event) => void events.push(event));
    const sent = await client.resetPasswordForEmail(user.email, { redirectTo: 'https://evil.example.com' });
    expect(sent.error).toBeNull();
    const { link, token } = await linkSentTo(user.email);
    expect(link.startsWith(PUBLIC_URL)).toBe(true); // redirect_to from the client is ignored
    const verified = await client.verifyOtp({ type: 'recovery', token_hash: token });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.id).toBe(user.id);
    const updated = await client.updateUser({ password: 'auth-js-passord' });
    expect(updated.error).toBeNull();
    const weak = await client.updateUser({ password: 'kort' });
    expect(weak.error?.code).toBe('weak_password');
    expect(events).toContain('PASSWORD_RECOVERY');
    await expect(signIn(ctx, user.email, 'auth-js-passord')).resolves.toBeTruthy();
  });

  it('an admin-set password also invalidates an outstanding recovery link', async () => {
    const user = await createUser(ctx);
    await recover(user.email);
    const { token } = await linkSentTo(user.email);
    const admin = await createUser(ctx, { role: 'admin' });
    const adminSession = await signIn(ctx, admin.email);
    const res = await callApi(ctx, adminSession.access_token, 'PATCH', 'backend/users/update', {
      id: user.id,
      password: 'satt-av-admin',
      confirmPassword: 'satt-av-admin',
    });
    expect(res.statusCode).toBe(200);
    expect((await verify(token)).statusCode).toBe(403);
  });
});

describe('with the SMTP server down', () => {
  it('keeps the message pending with the error, and delivers it once the server is back', async () => {
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close();
    const down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const user = await createUser(down);
      const res = await down.app.inject({
        method: 'POST',
        url: '/auth/v1/recover',
        payload: { email: user.email },
      });
      expect(res.statusCode).toBe(200);
      const row = async () =>
        (
          await down.database.pool.query(
            'select status, attempts, last_error, next_attempt_at > now() as later from outbox where "to" = $1',
            [user.email],
          )
        ).rows[0];
      const deadline = Date.now() + 10_000;
      while ((await row())?.last_error == null && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(await row()).toMatchObject({ status: 'pending', attempts: 1, later: true });
      expect((await row()).last_error).toMatch(/ECONNREFUSED|connect/i);

      const back = await startSmtpServer(port);
      try {
        // Skip the back-off wait instead of sleeping through it.
        await down.database.pool.query('update outbox set next_attempt_at = now() where "to" = $1', [
          user.email,
        ]);
        down.app.mailer.nudge();
        const mail = await back.waitFor((m) => m.to.includes(user.email));
        expect(mail.text).toContain('/sign-in/reset?token=');
        const deadline2 = Date.now() + 5_000;
        while ((await row()).status !== 'sent' && Date.now() < deadline2)
          await new Promise((r) => setTimeout(r, 50));
        expect(await row()).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
      } finally {
        await down.close();
        await back.close();
      }
    } catch (err) {
      await down.close().catch(() => {});
      throw err;
    }
  });
});
