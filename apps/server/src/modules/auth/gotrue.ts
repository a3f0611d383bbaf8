import type { AuthErrorCode, Role } from '@vaskedrift/shared';
import type { UserRow } from '../../db/schema';

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
export const badJwt = () =>
  new GoTrueError(401, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');
export const noAuthorization = () =>
  new GoTrueError(401, 'no_authorization', 'This endpoint requires a Bearer token');

export type GoTrueUser = ReturnType<typeof toGoTrueUser>;

/** The user as GoTrue presents it; the app's role travels in `app_metadata.role`. */
export function toGoTrueUser(user: UserRow) {
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
    factors: [] as unknown[],
    is_anonymous: false,
    created_at: created,
    updated_at: user.updatedAt.toISOString(),
  };
}
