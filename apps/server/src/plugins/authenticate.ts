import { ERROR_CODES, type Role } from '@vaskedrift/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, UnauthorizedError } from '../lib/errors';

/**
 * What a valid access token proves, resolved on every request against the live session. The auth module
 * makes it (and needs all of it for two-factor); every other module sees the `Caller` made from it.
 */
export type Principal = {
  userId: string;
  sessionId: string;
  role: Role;
  email: string;
  aal: 'aal1' | 'aal2';
  /** The user has a verified TOTP factor: an aal1 session must pass a challenge before using the API. */
  hasVerifiedFactor: boolean;
  /** When this session last proved who is there: the sign-in, or a later TOTP code. */
  authenticatedAt: Date;
};

/** True while a session of a user with two-factor sign-in has not yet given a code. */
function needsSecondFactor(principal: Pick<Principal, 'aal' | 'hasVerifiedFactor'>): boolean {
  return principal.hasVerifiedFactor && principal.aal !== 'aal2';
}

/**
 * Who is calling a route, as services see it: who and with which role (permission rules, facility access),
 * which session (a user changing themselves keeps it), and from where (the audit log).
 */
export type Caller = { userId: string; role: Role; sessionId: string; ip: string | null };

/** The part of the caller a read needs: who, and whether they see every facility. */
export type Viewer = Pick<Caller, 'userId' | 'role'>;

/** Resolves an access token to its principal; the auth module's `authenticate`. */
export type Authenticate = { authenticate(accessToken: string): Promise<Principal | null> };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without an access token. */
    public?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Every route in the scope needs a valid access token of a live session, unless marked public. A user
 * with two-factor sign-in gets nothing here until the session has passed the TOTP challenge (aal2): only
 * /auth/v1 (user, factors, logout) answers an aal1 session of theirs.
 */
export function requireAuthentication(app: FastifyInstance, auth: Authenticate) {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    request.principal = await verifyAccessToken(auth, bearerToken(request));
  });
}

/**
 * The one check of an access token, for the API and the live channel alike: a valid JWT of a live session
 * of an enabled user, past the TOTP challenge when the user has two-factor sign-in.
 */
export async function verifyAccessToken(auth: Authenticate, token: string | null): Promise<Principal> {
  const principal = token ? await auth.authenticate(token) : null;
  if (!principal) throw new UnauthorizedError();
  if (needsSecondFactor(principal)) {
    throw new AppError(
      403,
      ERROR_CODES.mfaRequired,
      'Fullfør innloggingen med koden fra autentiseringsappen',
    );
  }
  return principal;
}

/** The principal of an authenticated route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthorizedError();
  return request.principal;
}

/** The caller of an authenticated route. */
export function callerOf(request: FastifyRequest): Caller {
  const { userId, role, sessionId } = principalOf(request);
  return { userId, role, sessionId, ip: request.ip ?? null };
}
