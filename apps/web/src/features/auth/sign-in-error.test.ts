import { AuthApiError, AuthRetryableFetchError, AuthUnknownError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { signInErrorKey } from './sign-in-error';

describe('signInErrorKey', () => {
  it('names wrong credentials', () => {
    expect(signInErrorKey(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBe(
      'auth.errors.invalidCredentials',
    );
    expect(signInErrorKey(new AuthApiError('Invalid', 400, 'invalid_login_credentials'))).toBe(
      'auth.errors.invalidCredentials',
    );
  });

  it('names too many attempts', () => {
    expect(signInErrorKey(new AuthApiError('Slow down', 429, 'over_request_rate_limit'))).toBe(
      'auth.errors.tooManyAttempts',
    );
  });

  it('names a network failure', () => {
    expect(signInErrorKey(new AuthRetryableFetchError('Failed to fetch', 0))).toBe('auth.errors.network');
    expect(signInErrorKey(new AuthRetryableFetchError('Bad gateway', 502))).toBe('auth.errors.network');
    expect(signInErrorKey(new TypeError('Failed to fetch'))).toBe('auth.errors.network');
  });

  it('calls everything else unknown', () => {
    expect(signInErrorKey(new AuthApiError('Banned', 400, 'user_banned'))).toBe('auth.errors.unknown');
    expect(signInErrorKey(new AuthUnknownError('?', null))).toBe('auth.errors.unknown');
    expect(signInErrorKey('boom')).toBe('auth.errors.unknown');
  });
});
