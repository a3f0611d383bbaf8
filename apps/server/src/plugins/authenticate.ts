import { ERROR_CODES } from '@vaskedrift/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, UnauthorizedError } from '../lib/errors';
import { type AuthService, needsSecondFactor, type Principal } from '../modules/auth/auth.service';

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
export function requireAuthentication(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = bearerToken(request);
    const principal = token ? await auth.authenticate(token) : null;
    if (!principal) throw new UnauthorizedError();
    if (needsSecondFactor(principal)) {
      throw new AppError(
        403,
        ERROR_CODES.mfaRequired,
        'Fullfør innloggingen med koden fra autentiseringsappen',
      );
    }
    request.principal = principal;
  });
}

/** The caller of an authenticated route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthorizedError();
  return request.principal;
}
