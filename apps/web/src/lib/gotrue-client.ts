import { GoTrueClient } from '@supabase/auth-js';
import { AUTH_BASE } from '@vaskedrift/shared';
import { AUTH_STORAGE_KEY } from './auth-storage';

/**
 * The one auth client of the app: it stores the session, refreshes it and emits session events. The
 * signed-in app imports it directly (it loads with a stored session anyway); the sign-in pages go through
 * `getAuth()` in `auth-client.ts`, which loads auth-js only when they need it (decision 021).
 */
export const auth = new GoTrueClient({
  url: `${window.location.origin}${AUTH_BASE}`,
  autoRefreshToken: true,
  persistSession: true,
  storageKey: AUTH_STORAGE_KEY,
  detectSessionInUrl: false,
  // The server answers GoTrue's recovery-code API (docs/decisions/005-totp.md).
  experimental: { recoveryCodes: true },
});
