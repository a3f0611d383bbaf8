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
