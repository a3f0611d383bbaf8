import { useSyncExternalStore } from 'react';

/**
 * The live channel as the header shows it: `connecting` (first attempt after sign-in), `connected`,
 * `reconnecting` (lost, retrying on the back-off), `offline` (the browser has no network, or every step of
 * the back-off failed; it keeps retrying every 10 s). Screens poll slowly in every state but `connected`.
 */
export type RealtimeState = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export interface RealtimeStateStore {
  get(): RealtimeState;
  set(state: RealtimeState): void;
  subscribe(onChange: () => void): () => void;
}

function createRealtimeStateStore(initial: RealtimeState = 'connecting'): RealtimeStateStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

/** The tab's one channel state; written by the connection, read by the header and the polling queries. */
export const realtimeState = createRealtimeStateStore();

export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(realtimeState.subscribe, realtimeState.get, realtimeState.get);
}

/** True while events arrive live, so a screen may stop polling. */
export function useRealtimeConnected(): boolean {
  return useRealtimeState() === 'connected';
}

/**
 * A query's polling interval for data the live channel's events keep current: none while connected, `ms`
 * as the fallback while it is down.
 */
export function usePollWhileDisconnected(ms: number): number | false {
  return useRealtimeConnected() ? false : ms;
}
