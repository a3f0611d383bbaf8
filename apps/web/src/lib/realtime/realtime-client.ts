import {
  REALTIME_CLIENT,
  REALTIME_SERVER,
  REALTIME_TIMEOUT_MS,
  type RealtimeEvent,
  type ResumeAnswer,
  realtimeEventSchema,
} from '@vaskedrift/shared';
import { appliedInPlace } from './event-cache';
import { createEventSequence } from './event-sequence';
import type { RealtimeState } from './realtime-state';
import { reconnectDelay, stateWhileRetrying } from './reconnect-delay';

/** What the connection needs of a socket.io socket; narrow so tests can drive a fake one. */
export interface RealtimeSocket {
  on(event: string, listener: (...args: unknown[]) => void): void;
  connect(): void;
  disconnect(): void;
  /** Emits and waits for the ack; rejects after `timeoutMs`. */
  request(event: string, data: unknown, timeoutMs: number): Promise<unknown>;
}

export interface RealtimeDeps {
  /** Opens the socket without connecting; `getToken` is read at every (re)connect's handshake. */
  openSocket(getToken: () => string | null): Promise<RealtimeSocket>;
  getToken(): string | null;
  /** Calls back with the new access token after each refresh; returns the unsubscribe. */
  onTokenRefreshed(listener: (token: string) => void): () => void;
  /** The server ended the session: sign out locally, as an auth error from the API does. */
  signOut(): Promise<void>;
  apply(event: RealtimeEvent): void;
  /** A desktop notification for this user (desktop-notifications.ts), unchecked as it arrived. */
  notify?(notification: unknown): void;
  refetchAll(): void;
  setState(state: RealtimeState): void;
  isBrowserOnline(): boolean;
  /** Calls back when the browser regains or loses its network; returns the unsubscribe. */
  watchNetwork(onOnline: () => void, onOffline: () => void): () => void;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  /** In [0, 1): spreads the reconnect waits (Math.random in the browser). */
  random(): number;
  /** Calls back with the `seq` of each read put in the cache (catch-up.ts); returns the unsubscribe. */
  onDataRead(listener: (since: number) => void): () => void;
  /** Who is online (presence-tracker.ts): follows each socket opened, stops with the channel. */
  presence?: { attach(socket: RealtimeSocket): void; stop(): void };
}

/** A resume ack checked against the contract; null when it is neither form (treated as no answer). */
export function parseResumeAnswer(value: unknown): ResumeAnswer | null {
  if (typeof value !== 'object' || value === null) return null;
  if ((value as { refetch?: unknown }).refetch === true) return { refetch: true };
  const events = (value as { events?: unknown }).events;
  if (!Array.isArray(events)) return null;
  const parsed: RealtimeEvent[] = [];
  for (const event of events) {
    const result = realtimeEventSchema.safeParse(event);
    // An event of a type this build does not know yet is skipped; the rest still apply.
    if (result.success) parsed.push(result.data);
  }
  return { events: parsed };
}

/** `resume {since}`: the events after `since`, `refetch`, or null for an answer that is neither. */
function requestResume(socket: RealtimeSocket, since: number) {
  return socket.request(REALTIME_CLIENT.resume, { since }, REALTIME_TIMEOUT_MS).then(parseResumeAnswer);
}

/**
 * The tab's live channel (docs/decisions/020-realtime.md): connects with the access token, re-sends it after
 * every refresh, reconnects on the shared back-off (1, 2, 5, then 10 s; socket.io's own reconnection
 * is off so the steps are exact and each attempt carries the current token), and after a reconnect asks for
 * what it missed with `resume`. Returns the function that closes it (sign-out, leaving the app layout).
 */
export function startRealtime(deps: RealtimeDeps): () => void {
  let stopped = false;
  let socket: RealtimeSocket | null = null;
  let connected = false;
  let attempt = 0;
  let failedSinceStart = false;
  let timer: unknown = null;
  let opening = false;
  /** A read made before the first connect: the first `resume` starts from it. */
  let readSince: number | null = null;
  const sequence = createEventSequence({ apply: deps.apply, refetchAll: deps.refetchAll, appliedInPlace });

  const connectNow = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    if (socket) socket.connect();
    else if (!opening) open();
  };

  /** `again` after the next back-off delay (`reconnectDelay`), with the state shown meanwhile. */
  const retryLater = (again: () => void) => {
    failedSinceStart = true;
    deps.setState(stateWhileRetrying(attempt, deps.isBrowserOnline()));
    const delay = reconnectDelay(attempt, deps.random);
    attempt += 1;
    timer = deps.setTimer(() => {
      timer = null;
      if (!stopped) again();
    }, delay);
  };

  const scheduleReconnect = () => {
    if (stopped || timer !== null) return;
    connected = false;
    retryLater(() => socket?.connect());
  };

  const resume = (current: RealtimeSocket) => {
    const since = sequence.lastSeq ?? readSince;
    readSince = null;
    if (since === null) {
      // Nothing applied yet, so nothing to resume from; what was missed while down is fetched again.
      if (failedSinceStart) deps.refetchAll();
      return;
    }
    sequence.startResume();
    requestResume(current, since)
      .then((parsed) => (parsed ? sequence.resumed(parsed) : sequence.resumeFailed()))
      .catch(() => sequence.resumeFailed());
  };

  const wire = (current: RealtimeSocket) => {
    current.on('connect', () => {
      if (stopped) return;
      connected = true;
      attempt = 0;
      deps.setState('connected');
      resume(current);
    });
    current.on('connect_error', scheduleReconnect);
    current.on('disconnect', (reason) => {
      // Our own disconnect() (sign-out, leaving the layout) is the only one not to retry.
      if (stopped || reason === 'io client disconnect') return;
      scheduleReconnect();
    });
    current.on(REALTIME_SERVER.event, (raw) => {
      const parsed = realtimeEventSchema.safeParse(raw);
      if (parsed.success) sequence.receive(parsed.data);
    });
    current.on(REALTIME_SERVER.notification, (raw) => deps.notify?.(raw));
    current.on(REALTIME_SERVER.signedOut, () => {
      stop();
      void deps.signOut().catch(() => {});
    });
    deps.presence?.attach(current);
  };

  /** What happened after a read whose data just replaced the cached one (catch-up.ts). */
  const catchUp = (since: number) => {
    if (stopped) return;
    if (!connected || !socket) {
      readSince = Math.min(readSince ?? since, since);
      return;
    }
    requestResume(socket, since)
      .then((parsed) => {
        // Too far behind to replay: that read is already stale, and the next event or read repairs it.
        if (!stopped && parsed && 'events' in parsed) sequence.replay(parsed.events);
      })
      .catch(() => {});
  };
  const unsubscribeRead = deps.onDataRead(catchUp);

  const unsubscribeToken = deps.onTokenRefreshed((token) => {
    if (!connected || !socket) return;
    // A refused token ends in `signed_out` from the server; nothing more to do here.
    void socket.request(REALTIME_CLIENT.auth, { token }, REALTIME_TIMEOUT_MS).catch(() => {});
  });
  const unwatchNetwork = deps.watchNetwork(
    () => {
      if (!stopped && !connected) {
        attempt = 0;
        connectNow();
      }
    },
    () => {
      if (!stopped && !connected) deps.setState('offline');
    },
  );

  function stop() {
    if (stopped) return;
    stopped = true;
    connected = false;
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    unsubscribeToken();
    unsubscribeRead();
    unwatchNetwork();
    deps.presence?.stop();
    socket?.disconnect();
    deps.setState('connecting');
  }

  const open = () => {
    opening = true;
    deps
      .openSocket(deps.getToken)
      .then((opened) => {
        opening = false;
        if (stopped) return;
        socket = opened;
        wire(opened);
        opened.connect();
      })
      // The client code could not be loaded (offline at start): try again on the same back-off.
      .catch(() => {
        opening = false;
        if (!stopped) retryLater(open);
      });
  };

  deps.setState('connecting');
  open();

  return stop;
}
