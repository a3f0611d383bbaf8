import type { AuthChangeEvent, GoTrueClient, Session } from '@supabase/auth-js';
import { hasStoredSession } from './auth-storage';
import { createAuthStore } from './auth-store';

type SessionListener = (event: AuthChangeEvent, session: Session | null) => void;

let listener: SessionListener | null = null;
let loading: Promise<GoTrueClient> | null = null;

/**
 * The auth client (`gotrue-client.ts`), loaded on first use: auth-js is a large part of the sign-in page's
 * code, and a first visit needs it only once the user signs in (docs/decisions/021-compression.md).
 */
export function getAuth(): Promise<GoTrueClient> {
  loading ??= import('./gotrue-client').then(({ auth }) => {
    if (listener) auth.onAuthStateChange(listener);
    return auth;
  });
  return loading;
}

/**
 * The session as the app sees it. With a session stored, auth-js loads at once and restores it; without
 * one the user is signed out until auth-js (loaded by the sign-in form) says otherwise.
 */
export const authStore = createAuthStore({
  onAuthStateChange(callback) {
    listener = callback;
    if (hasStoredSession()) void getAuth();
    else callback('INITIAL_SESSION', null);
  },
});
