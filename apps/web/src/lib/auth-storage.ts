/** Where auth-js keeps the session in `localStorage` (`auth-client.ts`). */
export const AUTH_STORAGE_KEY = 'vaskedrift-auth';

/**
 * True when this browser has a session stored (it may have run out: the router's guard decides). Without
 * one the app starts with the sign-in pages only (`main.tsx`); when storage cannot be read, it assumes one.
 */
export function hasStoredSession(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): boolean {
  try {
    return storage?.getItem(AUTH_STORAGE_KEY) != null;
  } catch {
    return true;
  }
}

const FRESH_SIGN_IN_KEY = 'vaskedrift-fresh-sign-in';

/**
 * Set by the sign-in pages' router just before it loads the app as a new document: that load finds the
 * session stored, but it is the sign-in just made, not a session restored (nor logged as one).
 */
export function markFreshSignIn(): void {
  try {
    sessionStorage.setItem(FRESH_SIGN_IN_KEY, '1');
  } catch {
    // Without session storage the next load logs an automatic sign-in as well; harmless.
  }
}

/** True once after `markFreshSignIn` in this tab. */
export function takeFreshSignIn(): boolean {
  try {
    const fresh = sessionStorage.getItem(FRESH_SIGN_IN_KEY) != null;
    sessionStorage.removeItem(FRESH_SIGN_IN_KEY);
    return fresh;
  } catch {
    return false;
  }
}
