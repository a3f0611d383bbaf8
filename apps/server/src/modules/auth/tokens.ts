import { ACCESS_TOKEN_TTL_SECONDS, type Role } from '@vaskedrift/shared';
import { errors, jwtVerify, SignJWT } from 'jose';
import { deriveKey } from '../../lib/crypto';

const ISSUER = 'vaskedrift';
const AUDIENCE = 'authenticated';

export type AccessClaims = {
  sub: string;
  sessionId: string;
  aal: 'aal1' | 'aal2';
};

export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** HS256 access tokens keyed by SECRET_KEY, shaped like GoTrue's so auth-js reads them unchanged. */
export function createTokenSigner(secretKey: string) {
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
    const now = Math.floor(Date.now() / 1000);
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

  /** The verified claims, or `null` for a token that is malformed, forged or expired. */
  async function verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') return null;
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
