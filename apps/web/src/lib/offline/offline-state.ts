import { useSyncExternalStore } from 'react';

/**
 * Whether this tab is offline and how old the dashboard it shows is: `savedAt` is when the dashboard on
 * screen was read from the server (a live read sets it to now, a kept one to when it was kept), null when
 * a read failed with nothing kept.
 */
export interface OfflineState {
  offline: boolean;
  savedAt: number | null;
}

let state: OfflineState = {
  offline: typeof navigator !== 'undefined' && navigator.onLine === false,
  savedAt: null,
};
const listeners = new Set<() => void>();

function set(next: Partial<OfflineState>) {
  const merged = { ...state, ...next };
  if (merged.offline === state.offline && merged.savedAt === state.savedAt) return;
  state = merged;
  for (const listener of listeners) listener();
}

export const offlineState = {
  get: () => state,
  subscribe(onChange: () => void) {
    listeners.add(onChange);
    return () => void listeners.delete(onChange);
  },
  /** A kept read came from the network: live, and the dashboard is as of `at` when it is the dashboard. */
  live(at: number | null) {
    set(at === null ? { offline: !navigator.onLine } : { offline: !navigator.onLine, savedAt: at });
  },
  /** The network failed: the kept answer of `savedAt` is shown (null: nothing was kept). */
  fellBack(savedAt: number | null, dashboard: boolean) {
    set(dashboard ? { offline: true, savedAt } : { offline: true });
  },
  network(online: boolean) {
    set({ offline: !online });
  },
};

export function useOfflineState(): OfflineState {
  return useSyncExternalStore(offlineState.subscribe, offlineState.get, offlineState.get);
}

/** True while the app shows kept data or has no network: actions are off (read-only). */
export function useReadOnly(): boolean {
  return useOfflineState().offline;
}
