import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { offlineState } from './offline-state';

/**
 * Follows the browser's network: offline, the app stays on what it shows (read-only); back online, every
 * query on screen is read again, so the kept dashboard gives way to the live one by itself (the live
 * channel reconnects on the same event: lib/realtime).
 */
export function useOfflineSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const online = () => {
      offlineState.network(true);
      void queryClient.invalidateQueries();
    };
    const offline = () => offlineState.network(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [queryClient]);
}
