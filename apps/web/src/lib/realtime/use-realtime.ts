import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { auth, authStore } from '../auth-client';
import { browserDesktopDeps } from './desktop-browser';
import { startDesktopNotifications } from './desktop-notifications';
import { applyRealtimeEvent, refetchEverything } from './event-cache';
import { type RealtimeDeps, startRealtime } from './realtime-client';
import { realtimeState } from './realtime-state';
import { openSocketIo } from './socket-io';

function browserDeps(queryClient: QueryClient): RealtimeDeps {
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
    apply: (event) => applyRealtimeEvent(queryClient, event),
    refetchAll: () => refetchEverything(queryClient),
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
  };
}

/**
 * Keeps the tab's live channel open while the signed-in app layout is shown; it closes on sign-out, when
 * the layout goes away.
 */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    const desktop = startDesktopNotifications(browserDesktopDeps(queryClient, router));
    const stop = startRealtime({ ...browserDeps(queryClient), notify: desktop.receive });
    return () => {
      stop();
      desktop.stop();
    };
  }, [queryClient, router]);
}
