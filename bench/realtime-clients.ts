import { REALTIME_CLIENT, REALTIME_PATH, REALTIME_SERVER, type RealtimeEvent } from '@vaskedrift/shared';
import { io, type Socket } from 'socket.io-client';
import { reconnectDelay } from '../apps/web/src/lib/realtime/reconnect-delay';
import type { BenchUser } from './bench-server';

// The socket.io clients of bench/realtime.ts: what each receives, and its reconnects on the web client's steps.

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One socket.io client of a bench user, reconnecting and resuming as the web client does. */
export type Client = {
  user: BenchUser;
  socket: Socket;
  /** seq → when it arrived (live) or -1 (by resume). */
  received: Map<number, number>;
  duplicates: number;
  lastSeq: number;
  attempt: number;
  connected: boolean;
  /** Set when a reconnect's resume was answered. */
  resyncedAt: number | null;
  refetch: number;
  reconnects: number;
  /** Events of facilities the user is not granted (operators), whatever the journal says. */
  violations: number;
};

/** What the clients' events add up to, shared by the clients, the driver and the phases of the bench. */
export const tally = {
  /** Per status event: the change it belongs to and when it arrived (latency is worked out afterwards). */
  arrivals: [] as { change: number; savedAt: number; at: number }[],
  messages: 0,
  /** While set, status events are matched to their changes in `arrivals`. */
  measuring: false,
  /** `${bayId}|${to}` → the index of the latest change made with it. */
  latestChange: new Map<string, number>(),
  /** Failed reconnect attempts by message. */
  connectErrors: new Map<string, number>(),
  /** Set when the bench ends: no client reconnects after it. */
  stopping: false,
};

/** Records an event at `client` (`arrivedAt` -1: got by resume); a repeat counts as a duplicate. */
function receive(client: Client, event: RealtimeEvent, arrivedAt: number) {
  if (client.received.has(event.seq)) {
    client.duplicates += 1;
    return;
  }
  client.received.set(event.seq, arrivedAt);
  if (event.seq > client.lastSeq) client.lastSeq = event.seq;
  const { user } = client;
  if (user.role === 'operator' && (event.locationId === null || !user.locationIds.includes(event.locationId)))
    client.violations += 1;
  if (arrivedAt < 0) return;
  tally.messages += 1;
  if (tally.measuring && event.type === 'bay.status_changed') {
    const index = tally.latestChange.get(`${event.payload.bayId}|${event.payload.to}`);
    if (index !== undefined)
      tally.arrivals.push({ change: index, savedAt: Date.parse(String(event.payload.at)), at: arrivedAt });
  }
}

/** Connects a client for `user`; resolves on its first connection, rejects if that fails. */
export function openClient(base: string, user: BenchUser, token: string): Promise<Client> {
  const socket = io(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: 10_000,
    auth: { token },
  });
  const client: Client = {
    user,
    socket,
    received: new Map(),
    duplicates: 0,
    lastSeq: 0,
    attempt: 0,
    connected: false,
    resyncedAt: null,
    refetch: 0,
    reconnects: 0,
    violations: 0,
  };
  socket.on(REALTIME_SERVER.event, (event: RealtimeEvent) => receive(client, event, now()));
  // The web client's reconnection (realtime-client.ts): its own timer on the 1, 2, 5, 10 s steps.
  let timer: NodeJS.Timeout | null = null;
  const retry = () => {
    client.connected = false;
    if (timer || tally.stopping) return;
    const delay = reconnectDelay(client.attempt, Math.random);
    client.attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      if (!tally.stopping) socket.connect();
    }, delay);
  };
  let first = true;
  return new Promise((resolve, reject) => {
    socket.on('connect', () => {
      client.connected = true;
      client.attempt = 0;
      if (first) {
        first = false;
        resolve(client);
        return;
      }
      client.reconnects += 1;
      // Resynced once this connection's resume is answered: a resume that timed out connects again.
      client.resyncedAt = null;
      socket
        .timeout(10_000)
        .emitWithAck(REALTIME_CLIENT.resume, { since: client.lastSeq })
        .then((answer: { events?: RealtimeEvent[]; refetch?: true }) => {
          if (answer.refetch) client.refetch += 1;
          for (const event of answer.events ?? []) receive(client, event, -1);
          client.resyncedAt = now();
        })
        .catch(() => socket.disconnect().connect());
    });
    socket.on('connect_error', (err) => {
      if (first) reject(err);
      else {
        tally.connectErrors.set(err.message, (tally.connectErrors.get(err.message) ?? 0) + 1);
        retry();
      }
    });
    socket.on('disconnect', (reason) => {
      if (reason !== 'io client disconnect') retry();
    });
  });
}

/** Waits until no message has arrived for `quietMs`. */
export async function settle(quietMs = 1500) {
  let last = tally.messages;
  for (;;) {
    await sleep(quietMs);
    if (tally.messages === last) return;
    last = tally.messages;
  }
}
