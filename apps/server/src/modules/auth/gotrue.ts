import { type AuthErrorCode, ERROR_CODES, type Role } from '@vaskedrift/shared';
import type { MfaFactorRow, UserRow } from '../../db/schema';

/** An error in GoTrue's shape, so that `@supabase/auth-js` maps it to the right error class. */
export class GoTrueError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: AuthErrorCode,
    message: string,
  ) {
    super(message);
  }

  toBody() {
    return { code: this.errorCode, error_code: this.errorCode, msg: this.message, message: this.message };
  }
}

export const invalidCredentials = () =>
  new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials');
export const sessionNotFound = () =>
  new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
export const noAuthorization = () =>
  new GoTrueError(401, 'no_authorization', 'This endpoint requires a Bearer token');

export const validationFailed = (message = 'Ugyldig forespørsel') =>
  new GoTrueError(400, 'validation_failed', message);

/** GoTrue's code for one of our error codes (a client's mistake the whole server refuses alike). */
export function goTrueCodeOf(code: string): AuthErrorCode {
  if (code === ERROR_CODES.rateLimited) return 'over_request_rate_limit';
  if (code === ERROR_CODES.invalidJson) return 'bad_json';
  return 'validation_failed';
}

export const insufficientAal = () =>
  new GoTrueError(401, 'insufficient_aal', 'Denne handlingen krever innlogging med tofaktorkode (aal2)');
export const reauthenticationNeeded = () =>
  new GoTrueError(
    401,
    'reauthentication_needed',
    'Logg inn på nytt (eller bekreft med en kode) for å endre tofaktorinnlogging',
  );
export const factorNotFound = () => new GoTrueError(404, 'mfa_factor_not_found', 'Fant ikke faktoren');

/** A factor as GoTrue lists it in `user.factors`. */
function toGoTrueFactor(factor: MfaFactorRow) {
  return {
    id: factor.id,
    ...(factor.friendlyName ? { friendly_name: factor.friendlyName } : {}),
    factor_type: factor.factorType,
    status: factor.status,
    created_at: factor.createdAt.toISOString(),
    updated_at: factor.updatedAt.toISOString(),
  };
}

/** The user as GoTrue presents it; the app's role travels in `app_metadata.role`. */
export function toGoTrueUser(user: UserRow, factors: MfaFactorRow[] = []) {
  const created = user.createdAt.toISOString();
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    phone: user.phone ?? '',
    email_confirmed_at: created,
    confirmed_at: created,
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    app_metadata: { provider: 'email' as const, providers: ['email'], role: user.role as Role },
    user_metadata: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      avatar: user.avatar,
    },
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: { sub: user.id, email: user.email, email_verified: true },
        provider: 'email',
        created_at: created,
        updated_at: user.updatedAt.toISOString(),
        last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
        email: user.email,
      },
    ],
    factors: factors.map(toGoTrueFactor),
    is_anonymous: false,
    created_at: created,
    updated_at: user.updatedAt.toISOString(),
  };
}
