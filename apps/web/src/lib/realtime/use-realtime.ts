import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { whenFirstPageDrawn } from '../first-page';

/**
 * Keeps the tab's live channel (and its place on the online list) open while the signed-in app layout is
 * shown; it closes on sign-out, when the layout goes away. Its code (the event cache, the client, presence,
 * desktop notifications) loads once the first page is drawn (../first-page.ts), not with the app's file: the
 * first page draws from the reads already sent, and polls until the channel is connected (decision 040).
 */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let closed = false;
    void whenFirstPageDrawn()
      .then(() => import('./browser-realtime'))
      .then(({ startBrowserRealtime }) => {
        if (!closed) stop = startBrowserRealtime(queryClient, router);
      });
    return () => {
      closed = true;
      stop?.();
    };
  }, [queryClient, router]);
}
