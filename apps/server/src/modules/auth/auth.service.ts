import { signInSchema } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { EventBus } from '../../events/bus';
import { verifyPassword } from '../../lib/password';
import type { Principal } from '../../plugins/authenticate';
import { findUserByEmail } from '../users';
import {
  currentFailures,
  deleteSessions,
  findSessionWithUser,
  recordFailure,
  rotateRefreshToken,
} from './auth.repository';
import { GoTrueError, invalidCredentials, sessionNotFound, toGoTrueUser } from './gotrue';
import { listFactors } from './mfa.repository';
import { createSessionIssuer } from './session-issuer';
import type { TokenSigner } from './tokens';

export type AuthService = ReturnType<typeof createAuthService>;

type Deps = { db: Db; bus: EventBus; tokens: TokenSigner; maxFailuresPerMinute: number };
type RequestMeta = { ip: string | null; userAgent: string | null };

export function createAuthService({ db, bus, tokens, maxFailuresPerMinute }: Deps) {
  const sessions = createSessionIssuer(db, tokens);

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
    const { session, body: sessionBody } = await sessions.start(user, meta);
    bus.publish('auth.signed_in', {
      userId: user.id,
      ip: meta.ip,
      sessionId: session.id,
      email: user.email,
      role: user.role,
    });
    return sessionBody;
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
        return sessions.body(outcome.user, outcome.session, outcome.refreshToken);
    }
  }

  /** Resolves an access token to a principal against the live session; `null` when it no longer holds. */
  async function authenticate(accessToken: string): Promise<(Principal & { user: UserRow }) | null> {
    const claims = await tokens.verify(accessToken);
    if (!claims) return null;
    const found = await findSessionWithUser(db, claims.sessionId, claims.sub);
    if (!found || found.user.disabledAt) return null;
    const { user, session, hasVerifiedFactor } = found;
    const mfaAt = session.mfaVerifiedAt?.getTime() ?? 0;
    return {
      userId: user.id,
      sessionId: session.id,
      role: user.role,
      email: user.email,
      aal: session.aal,
      hasVerifiedFactor,
      authenticatedAt: new Date(Math.max(session.createdAt.getTime(), mfaAt)),
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

  /** The GoTrue user object of the caller, with their factors (auth-js reads the assurance level there). */
  async function goTrueUser(principal: Principal & { user: UserRow }) {
    return toGoTrueUser(principal.user, await listFactors(db, principal.userId));
  }

  return { signInWithPassword, refresh, authenticate, requireGoTruePrincipal, signOut, goTrueUser, sessions };
}
