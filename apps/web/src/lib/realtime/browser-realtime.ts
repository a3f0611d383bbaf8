import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { authStore } from '../auth-client';
import { auth } from '../gotrue-client';
import { onDataRead } from './catch-up';
import { browserDesktopDeps } from './desktop-browser';
import { startDesktopNotifications } from './desktop-notifications';
import { createRealtimeApplier, refetchEverything } from './event-cache';
import { presenceStore } from './presence';
import { createPresenceTracker } from './presence-tracker';
import { type RealtimeDeps, startRealtime } from './realtime-client';
import { realtimeState } from './realtime-state';
import { openSocketIo } from './socket-io';

function browserDeps(
  queryClient: QueryClient,
  applier: ReturnType<typeof createRealtimeApplier>,
  router: AnyRouter,
): RealtimeDeps {
  return {
    openSocket: openSocketIo,
    getToken: () => authStore.getSnapshot().session?.access_token ?? null,
    onTokenRefreshed: (listener) =>
      authStore.onEvent((event, snapshot) => {
        const token = snapshot.session?.access_token;
        if (event === 'TOKEN_REFRESHED' && token) listener(token);
      }),
    signOut: async () => {
      await auth.signOut({ scope: 'local' });
    },
    apply: applier.apply,
    refetchAll: () => {
      applier.flush();
      refetchEverything(queryClient);
    },
    setState: realtimeState.set,
    isBrowserOnline: () => navigator.onLine,
    watchNetwork(onOnline, onOffline) {
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      return () => {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      };
    },
    setTimer: (callback, ms) => window.setTimeout(callback, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
    random: Math.random,
    onDataRead,
    presence: createPresenceTracker({
      store: presenceStore,
      onRouteChange: (listener) => router.subscribe('onResolved', listener),
      now: Date.now,
      setInterval: (callback, ms) => window.setInterval(callback, ms),
      clearInterval: (timer) => window.clearInterval(timer as number),
    }),
  };
}

/**
 * Opens the tab's live channel (and its place on the online list) with what it writes to: the query cache, the
 * desktop notifications. Returns what closes them again. Loaded by `useRealtime` once the layout is on screen.
 */
export function startBrowserRealtime(queryClient: QueryClient, router: AnyRouter): () => void {
  // Bay status changes reach the dashboard in one batch per frame (event-cache.ts).
  const applier = createRealtimeApplier(queryClient);
  const desktop = startDesktopNotifications(browserDesktopDeps(queryClient, router));
  const stop = startRealtime({ ...browserDeps(queryClient, applier, router), notify: desktop.receive });
  return () => {
    stop();
    applier.stop();
    desktop.stop();
  };
}
