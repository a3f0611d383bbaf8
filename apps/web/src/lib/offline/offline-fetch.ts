import { DASHBOARD_READ, keptReadPath, OFFLINE_CACHE, offlineKey, SAVED_AT_HEADER } from './offline-reads';
import { offlineState } from './offline-state';

/** Cache Storage, where the browser has it (a secure context: https or localhost). */
const storage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);

async function keep(key: string, response: Response, at: number): Promise<void> {
  const cache = await storage()?.open(OFFLINE_CACHE);
  if (!cache) return;
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, String(at));
  await cache.put(key, new Response(await response.blob(), { status: response.status, headers }));
}

async function kept(key: string): Promise<Response | null> {
  const cache = await storage()?.open(OFFLINE_CACHE);
  return (await cache?.match(key)) ?? null;
}

/**
 * The API client's fetch: a kept read (offline-reads.ts) that succeeds is kept for this user; one that
 * fails for want of a network is answered with the kept copy, and the tab counts as offline until the
 * network returns (lib/offline/offline-sync.ts). Any other call is the plain fetch.
 */
export function offlineAwareFetch(currentUserId: () => string | null, send: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = keptReadPath(url, init?.method);
    const userId = currentUserId();
    if (!path || !userId) return send(input, init);
    const key = offlineKey(
      window.location.origin,
      userId,
      path,
      typeof init?.body === 'string' ? init.body : '',
    );
    const dashboard = path === DASHBOARD_READ;
    try {
      const response = await send(input, init);
      if (response.ok) {
        const at = Date.now();
        offlineState.live(dashboard ? at : null);
        void keep(key, response.clone(), at).catch(() => {});
      }
      return response;
    } catch (error) {
      const saved = await kept(key).catch(() => null);
      const savedAt = Number(saved?.headers.get(SAVED_AT_HEADER));
      offlineState.fellBack(saved && Number.isFinite(savedAt) ? savedAt : null, dashboard);
      if (!saved) throw error;
      return saved;
    }
  };
}

/** Forgets every kept read: on sign-out, so the next person on this device sees nothing of the last. */
export async function forgetOfflineData(): Promise<void> {
  await storage()?.delete(OFFLINE_CACHE);
}
