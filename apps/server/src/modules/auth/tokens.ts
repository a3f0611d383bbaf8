import { ACCESS_TOKEN_TTL_SECONDS, type Role } from '@vaskedrift/shared';
import { errors, jwtVerify, SignJWT } from 'jose';
import { type Clock, systemClock } from '../../lib/clock';
import { deriveKey } from '../../lib/crypto';

const ISSUER = 'vaskedrift';
const AUDIENCE = 'authenticated';
/**
 * How far ahead of this server's clock a token's `iat` may be: the clock skew between instances. More means
 * the clock went back since the token was issued, and the token would outlive its 15 minutes (decision 030).
 */
const ISSUED_AHEAD_TOLERANCE_SECONDS = 60;

export type AccessClaims = {
  sub: string;
  sessionId: string;
  aal: 'aal1' | 'aal2';
};

export type TokenSigner = ReturnType<typeof createTokenSigner>;

/**
 * HS256 access tokens keyed by SECRET_KEY, shaped like GoTrue's so auth-js reads them unchanged. `clock`
 * issues and judges them: a token is good from its `iat` to its `exp` on that clock (decision 030).
 */
export function createTokenSigner(secretKey: string, clock: Clock = systemClock) {
  const key = deriveKey(secretKey, 'jwt');

  async function sign(input: {
    userId: string;
    sessionId: string;
    aal: 'aal1' | 'aal2';
    email: string;
    role: Role;
    userMetadata: Record<string, unknown>;
    signedInAt: Date;
    /** When a TOTP code (or a recovery code: `mfaMethod`) upgraded the session to aal2, if one did. */
    mfaVerifiedAt?: Date | null;
    mfaMethod?: 'totp' | 'mfa/recovery_code' | null;
  }): Promise<{ token: string; expiresAt: number }> {
    const now = Math.floor(clock.now().getTime() / 1000);
    const expiresAt = now + ACCESS_TOKEN_TTL_SECONDS;
    const token = await new SignJWT({
      email: input.email,
      phone: '',
      role: 'authenticated',
      aal: input.aal,
      // Newest method first, as GoTrue lists them.
      amr: [
        ...(input.mfaVerifiedAt
          ? [
              {
                method: input.mfaMethod ?? 'totp',
                timestamp: Math.floor(input.mfaVerifiedAt.getTime() / 1000),
              },
            ]
          : []),
        { method: 'password', timestamp: Math.floor(input.signedInAt.getTime() / 1000) },
      ],
      session_id: input.sessionId,
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'], role: input.role },
      user_metadata: input.userMetadata,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(input.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(expiresAt)
      .sign(key);
    return { token, expiresAt };
  }

  /**
   * The verified claims, or `null` for a token that is malformed, forged, expired, or issued ahead of the
   * clock (the clock went back: the client refreshes, its session untouched).
   */
  async function verify(token: string): Promise<AccessClaims | null> {
    const now = clock.now();
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: now,
      });
      if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') return null;
      const issuedAhead = (payload.iat ?? Number.POSITIVE_INFINITY) - now.getTime() / 1000;
      if (issuedAhead > ISSUED_AHEAD_TOLERANCE_SECONDS) return null;
      return {
        sub: payload.sub,
        sessionId: payload.session_id,
        aal: payload.aal === 'aal2' ? 'aal2' : 'aal1',
      };
    } catch (err) {
      if (err instanceof errors.JOSEError) return null;
      throw err;
    }
  }

  return { sign, verify };
}
