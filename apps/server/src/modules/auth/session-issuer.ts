import { ACCESS_TOKEN_TTL_SECONDS } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { updateUser } from '../users';
import { insertSession, issueRefreshToken, type SessionRow } from './auth.repository';
import { toGoTrueUser } from './gotrue';
import { listFactors } from './mfa.repository';
import type { TokenSigner } from './tokens';

export type SessionIssuer = ReturnType<typeof createSessionIssuer>;

/** Builds GoTrue session bodies, and starts sessions, for every way of signing in. */
export function createSessionIssuer(db: Db, tokens: TokenSigner) {
  /** The session body auth-js stores: tokens and the user with their factors (it reads aal from them). */
  async function body(user: UserRow, session: SessionRow, refreshToken: string) {
    const { token, expiresAt } = await tokens.sign({
      userId: user.id,
      sessionId: session.id,
      aal: session.aal,
      email: user.email,
      role: user.role,
      userMetadata: { firstName: user.firstName, lastName: user.lastName },
      signedInAt: session.createdAt,
      mfaVerifiedAt: session.mfaVerifiedAt,
      mfaMethod: session.mfaMethod,
    });
    return {
      access_token: token,
      token_type: 'bearer' as const,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: toGoTrueUser(user, await listFactors(db, user.id)),
    };
  }

  /** A new aal1 session for a user who just proved who they are (password or recovery link). */
  async function start(user: UserRow, meta: { ip: string | null; userAgent: string | null }) {
    const session = await insertSession(db, { userId: user.id, ...meta });
    const refreshToken = await issueRefreshToken(db, session.id);
    const signedInAt = new Date();
    await updateUser(db, user.id, { lastSignInAt: signedInAt });
    return { session, body: await body({ ...user, lastSignInAt: signedInAt }, session, refreshToken) };
  }

  return { body, start, issueRefreshToken: (sessionId: string) => issueRefreshToken(db, sessionId) };
}
