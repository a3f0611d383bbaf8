import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import {
  type DesktopNotification,
  REALTIME_CLIENT,
  REALTIME_EVENT_TYPES,
  REALTIME_HEARTBEAT_MS,
  REALTIME_PATH,
  REALTIME_SERVER,
  REALTIME_TIMEOUT_MS,
  type ResumeAnswer,
} from '@vaskedrift/shared';
import type pg from 'pg';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { Authenticate } from '../../plugins/authenticate';
import { createPresence } from './presence';
import { journalAfter, newestSeq, pruneJournal } from './realtime.repository';
import { rooms } from './realtime-audience';
import {
  allowedOrigin,
  answerReauthentication,
  authenticateHandshake,
  endStaleSessions,
  FOREIGN_ORIGIN,
  type LiveSocket,
} from './realtime-auth';
import { createJournal, DELIVER } from './realtime-journal';
import { listening, replayingPool } from './realtime-replay';
import { followAccessChanges, roomsOfUser } from './realtime-rooms';

export type RealtimeOptions = {
  db: Db;
  /** The app's pool: with it the postgres adapter carries events between instances; without, one instance. */
  pool?: pg.Pool;
  bus: EventBus;
  auth: Authenticate;
  /** Where users open the app; its origin is allowed besides the server's own host. */
  publicUrl: string;
  /** The origin a proxy forwards (trust proxy) counts as the server's own host. */
  trustProxy: boolean;
  /** Development: pages on a loopback origin (the Vite dev server proxying `/socket.io/`) may connect. */
  allowLoopbackOrigins?: boolean;
  log: Pick<Logger, 'error' | 'warn' | 'info'>;
  /** How often every socket's session is checked again (default 5 s). */
  sessionCheckMs?: number;
  /** Journal rows kept (default 1 hour) and the most `resume` sends before answering refetch. */
  journalRetentionMs?: number;
  resumeCap?: number;
};

export type Realtime = ReturnType<typeof createRealtime>;

/**
 * The live channel (docs/decisions/020-realtime.md): socket.io on the app's HTTP server. Bus events are
 * written to the journal and sent to the rooms that may see them (`realtime-journal.ts`); a socket's rooms
 * follow its user's role and facility grants at once (`realtime-rooms.ts`); the token is checked at the
 * handshake, on `auth` and every few seconds against the live sessions (`realtime-auth.ts`); a LISTEN
 * connection lost and regained replays the gap (`realtime-replay.ts`).
 */
export function createRealtime(options: RealtimeOptions) {
  const { db, bus, auth, log } = options;
  const sessionCheckMs = options.sessionCheckMs ?? 5000;
  const retentionMs = options.journalRetentionMs ?? 60 * 60 * 1000;
  const resumeCap = options.resumeCap ?? 1000;
  let io: Server | null = null;
  const timers: NodeJS.Timeout[] = [];
  const unsubscribe: (() => void)[] = [];
  const presence = createPresence({ db, log });
  const journal = createJournal({ db, log, server: () => io, betweenInstances: Boolean(options.pool) });

  const checkSessions = () => (io ? endStaleSessions(io, db) : Promise.resolve());

  function onConnection(server: Server, socket: LiveSocket, joined: string[]) {
    socket.join([rooms.user(socket.data.userId), rooms.session(socket.data.sessionId), ...joined]);
    presence.attach(server, socket);
    answerReauthentication(socket, auth);
    socket.on(REALTIME_CLIENT.resume, async (body: unknown, ack?: (answer: ResumeAnswer) => void) => {
      if (typeof ack !== 'function') return;
      const since = Number((body as { since?: unknown } | null)?.since);
      if (!Number.isSafeInteger(since) || since < 0) return ack({ refetch: true });
      try {
        ack(await journalAfter(db, socket.data.userId, since, resumeCap));
      } catch (err) {
        log.error({ err }, 'gjenoppretting av sanntidshendelser feilet');
        ack({ refetch: true });
      }
    });
  }

  function startTimers() {
    const sessionTimer = setInterval(() => {
      checkSessions().catch((err: unknown) => log.warn({ err }, 'kontroll av sanntidsøkter feilet'));
    }, sessionCheckMs);
    const pruneTimer = setInterval(
      () => {
        pruneJournal(db, new Date(Date.now() - retentionMs)).catch((err: unknown) =>
          log.warn({ err }, 'opprydding i sanntidsjournalen feilet'),
        );
      },
      Math.min(retentionMs, 5 * 60 * 1000),
    );
    sessionTimer.unref();
    pruneTimer.unref();
    timers.push(sessionTimer, pruneTimer);
  }

  async function attach(server: HttpServer) {
    journal.knowAtLeast(await newestSeq(db));
    const adapterPool = options.pool
      ? replayingPool(options.pool, { db, log, server: () => io, knownSeq: journal.knownSeq, resumeCap })
      : null;
    const created = new Server(server, {
      path: REALTIME_PATH,
      serveClient: false,
      // Long-polling would need sticky sessions across instances; browsers all speak WebSocket.
      transports: ['websocket'],
      pingInterval: REALTIME_HEARTBEAT_MS,
      pingTimeout: REALTIME_TIMEOUT_MS,
      connectTimeout: REALTIME_TIMEOUT_MS,
      allowRequest: (req, callback) => {
        const allowed = allowedOrigin(req, options);
        callback(allowed ? null : FOREIGN_ORIGIN, allowed);
      },
      ...(adapterPool
        ? {
            adapter: createAdapter(adapterPool, {
              errorHandler: (err) => log.warn({ err }, 'sanntidskanalen mellom instansene feilet'),
            }),
          }
        : {}),
    });
    io = created;
    authenticateHandshake(created, { auth, log, roomsOfUser: (userId) => roomsOfUser(db, userId) });
    created.on(DELIVER, (deliveries: unknown, ack?: () => void) =>
      journal.onDelivery(created, deliveries, ack),
    );
    created.on('connection', (socket) =>
      onConnection(created, socket as LiveSocket, socket.data.rooms ?? []),
    );
    for (const type of REALTIME_EVENT_TYPES) unsubscribe.push(journal.subscribe(bus, type));
    unsubscribe.push(
      ...followAccessChanges(created, { db, bus, log, betweenInstances: Boolean(options.pool) }),
    );
    startTimers();
    if (options.pool) await listening(created, log);
  }

  /** A desktop notification to these users' own sockets, on every instance (through the adapter). */
  function notifyUsers(userIds: string[], notification: DesktopNotification) {
    if (io && userIds.length > 0)
      io.to(userIds.map(rooms.user)).emit(REALTIME_SERVER.notification, notification);
  }

  /**
   * Ends this instance's sockets when it starts to shut down: the browsers reconnect to another instance
   * or to this one restarted, and resume from their last `seq`. The journal keeps recording meanwhile.
   */
  function disconnectAll() {
    if (!io) return;
    io.local.disconnectSockets(true);
    io.engine.close();
  }

  /**
   * After the last request finished: stops the timers and subscribers, writes and sends what those requests
   * published (a change saved during the shutdown is in the journal for `resume`), and leaves the adapter;
   * not the HTTP server.
   */
  async function close() {
    for (const timer of timers) clearInterval(timer);
    for (const off of unsubscribe) off();
    await journal.flushed();
    if (!io) return;
    disconnectAll();
    await presence.close();
    await io.of('/').adapter.close();
    io = null;
  }

  /**
   * Where the journal stood when a read began: every change the read cannot see gets a higher `seq` (its
   * row is written after it commits). An answer that carries it lets the browser ask for what came after.
   */
  const currentSeq = () => journal.knownSeq();

  return { attach, disconnectAll, close, checkSessions, currentSeq, notifyUsers, flushed: journal.flushed };
}
