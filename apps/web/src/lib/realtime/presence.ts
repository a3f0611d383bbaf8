import { groupPresences, type OnlineUser, type PresenceRecord } from '@vaskedrift/shared';
import { useMemo, useSyncExternalStore } from 'react';

/** The tracked tabs this tab knows of, by `presence_ref`; written by the presence tracker only. */
export interface PresenceStore {
  get(): readonly PresenceRecord[];
  replace(records: readonly PresenceRecord[]): void;
  join(record: PresenceRecord): void;
  leave(presenceRef: string): void;
  clear(): void;
  subscribe(onChange: () => void): () => void;
}

export function createPresenceStore(): PresenceStore {
  let byRef = new Map<string, PresenceRecord>();
  // A new array only when something changed, as useSyncExternalStore expects of a snapshot.
  let snapshot: readonly PresenceRecord[] = [];
  const listeners = new Set<() => void>();
  const changed = () => {
    snapshot = [...byRef.values()];
    for (const listener of listeners) listener();
  };
  return {
    get: () => snapshot,
    replace(records) {
      byRef = new Map(records.map((record) => [record.presence_ref, record]));
      changed();
    },
    join(record) {
      byRef.set(record.presence_ref, record);
      changed();
    },
    leave(presenceRef) {
      if (byRef.delete(presenceRef)) changed();
    },
    clear() {
      if (byRef.size === 0) return;
      byRef = new Map();
      changed();
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

/** The tab's one list of who is online. */
export const presenceStore = createPresenceStore();

/** Everyone online but `exceptUserId` (the signed-in user), one entry per user, by name. */
export function useOnlineUsers(exceptUserId?: string | null): OnlineUser[] {
  const records = useSyncExternalStore(presenceStore.subscribe, presenceStore.get, presenceStore.get);
  return useMemo(
    () => groupPresences(records.filter((record) => record.user_id !== exceptUserId)),
    [records, exceptUserId],
  );
}
