import {
  LAST_SEEN_THROTTLE_MS,
  PRESENCE_CLIENT,
  PRESENCE_REANNOUNCE_MS,
  PRESENCE_SERVER,
  type PresenceRecord,
  presenceLeaveSchema,
  presenceRecordSchema,
  presenceSyncSchema,
  REALTIME_TIMEOUT_MS,
} from '@vaskedrift/shared';
import type { PresenceStore } from './presence';
import type { RealtimeSocket } from './realtime-client';

export interface PresenceTrackerDeps {
  store: Pick<PresenceStore, 'replace' | 'join' | 'leave' | 'clear'>;
  /** Calls back after each route change; returns the unsubscribe. */
  onRouteChange(listener: () => void): () => void;
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(timer: unknown): void;
}

export interface PresenceTracker {
  /** Follows a socket of the live channel: tracks on every connect, empties the list on every disconnect. */
  attach(socket: RealtimeSocket): void;
  stop(): void;
}

type Change = { join: PresenceRecord } | { leave: string };

/**
 * This tab on the `online-users` list (docs/decisions/020-realtime.md, Presence): on every connect it sends
 * `presence_track`, then replaces the list with `presence_sync`; joins and leaves keep the list current.
 * Every 30 s it tracks and syncs again: a failed track is the next one's join, and the full sync drops the
 * tabs of an instance that died without sending their leaves. A route change refreshes last seen at most
 * every 10 s.
 */
export function createPresenceTracker(deps: PresenceTrackerDeps): PresenceTracker {
  let socket: RealtimeSocket | null = null;
  let connected = false;
  let ticker: unknown = null;
  let lastTrack = Number.NEGATIVE_INFINITY;
  // Joins and leaves that arrive while a sync is under way are applied again on its answer, which may be older.
  let duringSync: Change[] | null = null;

  const apply = (change: Change) => {
    if ('join' in change) deps.store.join(change.join);
    else deps.store.leave(change.leave);
    duringSync?.push(change);
  };

  const track = async (current: RealtimeSocket): Promise<boolean> => {
    lastTrack = deps.now();
    const answer = await current.request(PRESENCE_CLIENT.track, {}, REALTIME_TIMEOUT_MS).catch(() => null);
    return (answer as { ok?: unknown } | null)?.ok === true;
  };

  const sync = async (current: RealtimeSocket) => {
    const changes: Change[] = [];
    duringSync = changes;
    const answer = await current.request(PRESENCE_CLIENT.sync, {}, REALTIME_TIMEOUT_MS).catch(() => null);
    if (duringSync === changes) duringSync = null;
    const parsed = presenceSyncSchema.safeParse(answer);
    // No answer: the list kept is still kept current by joins and leaves.
    if (!parsed.success || current !== socket || !connected) return;
    deps.store.replace(parsed.data.presences);
    for (const change of changes) apply(change);
  };

  const announce = async (current: RealtimeSocket) => {
    if (await track(current)) await sync(current);
  };

  const stopTicker = () => {
    if (ticker !== null) deps.clearInterval(ticker);
    ticker = null;
  };

  const unsubscribeRoute = deps.onRouteChange(() => {
    if (socket && connected && deps.now() - lastTrack >= LAST_SEEN_THROTTLE_MS) void track(socket);
  });

  return {
    attach(current) {
      socket = current;
      current.on('connect', () => {
        if (current !== socket) return;
        connected = true;
        stopTicker();
        ticker = deps.setInterval(() => void announce(current), PRESENCE_REANNOUNCE_MS);
        void announce(current);
      });
      current.on('disconnect', () => {
        if (current !== socket) return;
        connected = false;
        stopTicker();
        // Who is online is unknown while away; the sync after the reconnect fills the list again.
        deps.store.clear();
      });
      current.on(PRESENCE_SERVER.join, (raw) => {
        const parsed = presenceRecordSchema.safeParse(raw);
        if (parsed.success && connected) apply({ join: parsed.data });
      });
      current.on(PRESENCE_SERVER.leave, (raw) => {
        const parsed = presenceLeaveSchema.safeParse(raw);
        if (parsed.success && connected) apply({ leave: parsed.data.presence_ref });
      });
    },
    stop() {
      socket = null;
      connected = false;
      stopTicker();
      unsubscribeRoute();
      deps.store.clear();
    },
  };
}
