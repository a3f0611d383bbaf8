import type { Role } from '@vaskedrift/shared';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { createUser, type SessionBody, signIn, type TestContext } from './helpers';

/** The claims of an access token (not verified: the server under test signed it). */
export const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));

/** The code of the time step `stepsAhead` from now (the server accepts one step either side). */
export const codeFor = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/** Two-factor calls under /auth/v1 for a test file's app (`context` is read when called: beforeAll sets it). */
export function mfaCalls(context: () => TestContext) {
  const auth = (method: 'POST' | 'DELETE' | 'GET', url: string, token: string, payload?: unknown) =>
    context().app.inject({
      method,
      url: `/auth/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function enroll(token: string) {
    const res = await auth('POST', '/factors', token, { factor_type: 'totp', friendly_name: 'Mobil' });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: string; totp: { secret: string; uri: string; qr_code: string } };
  }

  async function challengeAndVerify(token: string, factorId: string, code: string) {
    const challenge = await auth('POST', `/factors/${factorId}/challenge`, token, {});
    expect(challenge.statusCode).toBe(200);
    return auth('POST', `/factors/${factorId}/verify`, token, { challenge_id: challenge.json().id, code });
  }

  /** A user with a verified factor, and the aal2 session that verified it. */
  async function userWithTotp(role: Role = 'operator') {
    const user = await createUser(context(), { role });
    const first = await signIn(context(), user.email);
    const factor = await enroll(first.access_token);
    const verified = await challengeAndVerify(
      first.access_token,
      factor.id,
      await codeFor(factor.totp.secret),
    );
    expect(verified.statusCode).toBe(200);
    return { user, factor, session: verified.json() as SessionBody };
  }

  return { auth, enroll, challengeAndVerify, userWithTotp };
}
