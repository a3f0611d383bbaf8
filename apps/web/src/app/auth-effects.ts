import type { QueryClient } from '@tanstack/react-query';
import type { AuthStore } from '../lib/auth-store';
import type { AppRouter } from './router';

/**
 * What a session event means for the app: signed out (by the user, another tab, or a failed refresh)
 * empties the cache and shows the sign-in page; a changed user may have a changed role, so the guards
 * run again; a session restored from storage is written to the log as `users/login/auto`.
 */
export function wireAuthEffects({
  store,
  router,
  queryClient,
  logRestoredSession,
}: {
  store: AuthStore;
  /**
   * The router on screen (a promise: it may still be loading), or none while `main.tsx`'s sign-in page
   * shows. A getter: after signing in the app's router takes over in the same document (decision 040).
   */
  router: () => Promise<AppRouter> | null;
  queryClient: QueryClient;
  logRestoredSession: () => Promise<unknown>;
}): () => void {
  // Asked of the store, not taken from its event: auth-js may have restored the session before the app's code
  // came. Outside auth-js's callback (it holds a lock there); a failed log write never fails the sign-in.
  void store.whenRestored().then((restored) => {
    if (restored) setTimeout(() => void logRestoredSession().catch(() => {}), 0);
  });
  return store.onEvent((event) => {
    if (event === 'SIGNED_OUT') {
      queryClient.clear();
      // The dashboard kept for offline use is this user's: gone with the session (lib/offline).
      void import('../lib/offline/offline-fetch')
        .then((offline) => offline.forgetOfflineData())
        .catch(() => {});
      void router()?.then((ready) => {
        const onPublicPage = ready.state.matches.some((match) => match.staticData.access?.public);
        if (!onPublicPage) void ready.navigate({ to: '/sign-in', replace: true });
      });
    } else if (event === 'USER_UPDATED') {
      void router()?.then((ready) => ready.invalidate());
    }
  });
}
