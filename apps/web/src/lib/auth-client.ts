import { GoTrueClient } from '@supabase/auth-js';
import { AUTH_BASE } from '@vaskedrift/shared';
import { createAuthStore } from './auth-store';

/** The one auth client of the app: it stores the session, refreshes it and emits session events. */
export const auth = new GoTrueClient({
  url: `${window.location.origin}${AUTH_BASE}`,
  autoRefreshToken: true,
  persistSession: true,
  storageKey: 'vaskedrift-auth',
  detectSessionInUrl: false,
  // The server answers GoTrue's recovery-code API (docs/decisions/005-totp.md).
  experimental: { recoveryCodes: true },
});

export const authStore = createAuthStore(auth);
