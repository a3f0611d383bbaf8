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
   * The router on screen (a promise: it may still be loading). A getter: after signing in the app's router
   * replaces the sign-in pages' in the same document (`main.tsx`, decision 040).
   */
  router: () => Promise<AppRouter>;
  queryClient: QueryClient;
  logRestoredSession: () => Promise<unknown>;
}): () => void {
  return store.onEvent((event, snapshot) => {
    if (event === 'INITIAL_SESSION' && snapshot.status === 'signedIn') {
      // Outside auth-js's callback (it holds a lock there); a failed log write never fails the sign-in.
      setTimeout(() => void logRestoredSession().catch(() => {}), 0);
    } else if (event === 'SIGNED_OUT') {
      queryClient.clear();
      // The dashboard kept for offline use is this user's: gone with the session (lib/offline).
      void import('../lib/offline/offline-fetch')
        .then((offline) => offline.forgetOfflineData())
        .catch(() => {});
      void router().then((ready) => {
        const onPublicPage = ready.state.matches.some((match) => match.staticData.access?.public);
        if (!onPublicPage) void ready.navigate({ to: '/sign-in', replace: true });
      });
    } else if (event === 'USER_UPDATED') {
      void router().then((ready) => ready.invalidate());
    }
  });
}
