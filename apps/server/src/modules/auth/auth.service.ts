import { ACCESS_TOKEN_TTL_SECONDS, type Role, signInSchema } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { EventBus } from '../../events/bus';
import { verifyPassword } from '../../lib/password';
import { findUserByEmail, updateUser } from '../users/users.repository';
import {
  currentFailures,
  deleteSessions,
  findSessionWithUser,
  insertSession,
  issueRefreshToken,
  recordFailure,
  rotateRefreshToken,
  type SessionRow,
} from './auth.repository';
import { GoTrueError, invalidCredentials, sessionNotFound, toGoTrueUser } from './gotrue';
import type { TokenSigner } from './tokens';

/** Who is calling: resolved on every request from the access token and the live session. */
export type Principal = {
  userId: string;
  sessionId: string;
  role: Role;
  email: string;
  aal: 'aal1' | 'aal2';
};

export type AuthService = ReturnType<typeof createAuthService>;

type Deps = { db: Db; bus: EventBus; tokens: TokenSigner; maxFailuresPerMinute: number };
type RequestMeta = { ip: string | null; userAgent: string | null };

export function createAuthService({ db, bus, tokens, maxFailuresPerMinute }: Deps) {
  async function sessionBody(user: UserRow, session: SessionRow, refreshToken: string) {
    const { token, expiresAt } = await tokens.sign({
      userId: user.id,
      sessionId: session.id,
      aal: session.aal,
      email: user.email,
      role: user.role,
      userMetadata: { firstName: user.firstName, lastName: user.lastName },
      signedInAt: session.createdAt,
    });
    return {
      access_token: token,
      token_type: 'bearer' as const,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: toGoTrueUser(user),
    };
  }

  async function signInWithPassword(body: unknown, meta: RequestMeta) {
    const parsed = signInSchema.safeParse(body);
    if (!parsed.success) {
      throw new GoTrueError(
        400,
        'validation_failed',
        'You must provide either an email or phone number and a password',
      );
    }
    const { email, password } = parsed.data;
    const limitKeys = [`login:email:${email.toLowerCase()}`, ...(meta.ip ? [`login:ip:${meta.ip}`] : [])];
    if ((await currentFailures(db, limitKeys)) >= maxFailuresPerMinute) {
      throw new GoTrueError(
        429,
        'over_request_rate_limit',
        'For mange innloggingsforsøk. Vent litt og prøv igjen.',
      );
    }
    const user = await findUserByEmail(db, email);
    const passwordOk = await verifyPassword(user?.passwordHash, password);
    if (!user || !passwordOk || user.disabledAt) {
      await recordFailure(db, limitKeys);
      throw invalidCredentials();
    }
    const session = await insertSession(db, { userId: user.id, ...meta });
    const refreshToken = await issueRefreshToken(db, session.id);
    const signedInAt = new Date();
    await updateUser(db, user.id, { lastSignInAt: signedInAt });
    bus.publish('auth.signed_in', {
      userId: user.id,
      ip: meta.ip,
      sessionId: session.id,
      email: user.email,
      role: user.role,
    });
    return sessionBody({ ...user, lastSignInAt: signedInAt }, session, refreshToken);
  }

  async function refresh(body: unknown) {
    const token = (body as { refresh_token?: unknown } | null)?.refresh_token;
    if (typeof token !== 'string' || token.length === 0) {
      throw new GoTrueError(400, 'validation_failed', 'Refresh token is required');
    }
    const outcome = await rotateRefreshToken(db, token);
    switch (outcome.kind) {
      case 'not_found':
        throw new GoTrueError(
          400,
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        );
      case 'disabled':
        throw new GoTrueError(400, 'user_banned', 'User is banned');
      case 'reused':
        bus.publish('auth.session_revoked', {
          userId: outcome.userId,
          sessionId: outcome.sessionId,
          reason: 'refresh_token_reused',
        });
        throw new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      case 'ok':
        return sessionBody(outcome.user, outcome.session, outcome.refreshToken);
    }
  }

  /** Resolves an access token to a principal against the live session; `null` when it no longer holds. */
  async function authenticate(accessToken: string): Promise<(Principal & { user: UserRow }) | null> {
    const claims = await tokens.verify(accessToken);
    if (!claims) return null;
    const found = await findSessionWithUser(db, claims.sessionId, claims.sub);
    if (!found || found.user.disabledAt) return null;
    const { user, session } = found;
    return {
      userId: user.id,
      sessionId: session.id,
      role: user.role,
      email: user.email,
      aal: session.aal,
      user,
    };
  }

  async function requireGoTruePrincipal(accessToken: string) {
    const principal = await authenticate(accessToken);
    if (!principal) throw sessionNotFound();
    return principal;
  }

  async function signOut(principal: Principal, scope: 'local' | 'global' | 'others', ip: string | null) {
    const which =
      scope === 'global'
        ? 'all'
        : scope === 'local'
          ? { only: principal.sessionId }
          : { except: principal.sessionId };
    await deleteSessions(db, principal.userId, which);
    bus.publish('auth.signed_out', { userId: principal.userId, sessionId: principal.sessionId, scope, ip });
  }

  return { signInWithPassword, refresh, authenticate, requireGoTruePrincipal, signOut };
}
