// The error guards alone: the package's index would bring all of auth-js into the sign-in page.
import {
  isAuthApiError,
  isAuthError,
  isAuthRetryableFetchError,
} from '@supabase/auth-js/dist/module/lib/errors';

export type SignInErrorKey =
  | 'auth.errors.invalidCredentials'
  | 'auth.errors.network'
  | 'auth.errors.tooManyAttempts'
  | 'auth.errors.unknown';

const INVALID_CREDENTIALS = ['invalid_credentials', 'invalid_login_credentials'];

/** Maps a failed sign-in to the message the user sees (docs/domain.md, User data). */
export function signInErrorKey(error: unknown): SignInErrorKey {
  if (isAuthApiError(error)) {
    if (error.status === 429) return 'auth.errors.tooManyAttempts';
    if (error.code && INVALID_CREDENTIALS.includes(error.code)) return 'auth.errors.invalidCredentials';
    return 'auth.errors.unknown';
  }
  if (isAuthRetryableFetchError(error)) return 'auth.errors.network';
  if (isAuthError(error) && error.status === 429) return 'auth.errors.tooManyAttempts';
  if (error instanceof TypeError) return 'auth.errors.network';
  return 'auth.errors.unknown';
}
