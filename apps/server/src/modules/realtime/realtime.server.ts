import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import {
  type DesktopNotification,
  REALTIME_CLIENT,
  REALTIME_EVENT_TYPES,
  REALTIME_HEARTBEAT_MS,
  REALTIME_PATH,
  REALTIME_SERVER,
  REALTIME_TIMEOUT_MS,
  type RealtimeEvent,
  type RealtimeEventType,
  type ResumeAnswer,
  seesAllLocations,
} from '@vaskedrift/shared';
import { decodeJwt } from 'jose';
import type pg from 'pg';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { DomainEvents } from '../../events/domain-events';
import { AppError } from '../../lib/errors';
import { type Authenticate, type Principal, verifyAccessToken } from '../../plugins/authenticate';
import { createPresence } from './presence';
import {
  audienceOf,
  insertJournal,
  type JournalEntry,
  journalAfter,
  liveSessions,
  newestSeq,
  pruneJournal,
} from './realtime.repository';
import { publicPayload, rooms, roomsOf, targetOf } from './realtime-audience';

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

type SocketData = { userId: string; sessionId: string; expiresAt: number };
type LiveSocket = Socket & { data: SocketData };

const SIGNED_OUT = 'Du er logget ut. Logg inn på nytt.';
const FOREIGN_ORIGIN = 'Tilkoblingen er ikke tillatt fra denne adressen';
/** Journal rows per INSERT (7 parameters each, well under PostgreSQL's 65,535). */
const MAX_BATCH = 1000;
/** Between instances: send these events to this instance's sockets. */
const DELIVER = 'vaskedrift:deliver';
type Delivery = { rooms: string[]; event: RealtimeEvent };
/** How long a batch waits for the other instances to confirm it before the next one leaves anyway. */
const DELIVERY_ACK_MS = 1000;
/** Between instances: end the sockets of this room here. */
const SIGN_OUT_ROOM = 'vaskedrift:sign-out';
/** A token past its expiry keeps the socket this long: the browser refreshes and sends `auth` meanwhile. */
const EXPIRY_GRACE_MS = 30_000;

export type Realtime = ReturnType<typeof createRealtime>;

/**
 * The live channel (docs/decisions/020-realtime.md): socket.io on the app's HTTP server. Bus events are
 * written to the journal and sent to the rooms that may see them; a socket's rooms follow its user's role
 * and facility grants at once; sessions are checked again every few seconds.
 */
export function createRealtime(options: RealtimeOptions) {
  const { db, bus, auth, log } = options;
  const sessionCheckMs = options.sessionCheckMs ?? 5000;
  const retentionMs = options.journalRetentionMs ?? 60 * 60 * 1000;
  const resumeCap = options.resumeCap ?? 1000;
  let io: Server | null = null;
  /** The highest `seq` this instance has written or been sent: a lower bound of every `seq` taken so far. */
  let knownSeq = 0;
  const know = (events: readonly RealtimeEvent[]) => {
    for (const event of events) if (event.seq > knownSeq) knownSeq = event.seq;
  };
  const timers: NodeJS.Timeout[] = [];
  const unsubscribe: (() => void)[] = [];
  const presence = createPresence({ db, log });

  function allowedOrigin(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    // Browsers always send Origin across origins; a request without one is not a page of another site.
    if (!origin) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (options.allowLoopbackOrigins && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
      return true;
    const host = url.host;
    if (origin === new URL(options.publicUrl).origin) return true;
    const forwarded = options.trustProxy ? req.headers['x-forwarded-host'] : undefined;
    const own =
      (Array.isArray(forwarded) ? forwarded[0] : forwarded?.split(',')[0]?.trim()) ?? req.headers.host;
    return host === own;
  }

  async function verify(token: unknown): Promise<{ principal: Principal; expiresAt: number }> {
    const raw = typeof token === 'string' && token ? token : null;
    const principal = await verifyAccessToken(auth, raw);
    const exp = decodeJwt(raw as string).exp ?? 0;
    return { principal, expiresAt: exp * 1000 };
  }

  async function roomsOfUser(userId: string): Promise<string[] | null> {
    const found = await audienceOf(db, userId);
    if (!found || found.disabled) return null;
    return seesAllLocations(found.role) ? [rooms.admins] : found.locationIds.map(rooms.location);
  }

  function signOutHere(server: Server, room: string) {
    server.local.in(room).emit(REALTIME_SERVER.signedOut, { message: SIGNED_OUT });
    server.local.in(room).disconnectSockets(true);
  }

  /**
   * Ends every socket of a user or session on every instance, telling the browser why first. One message
   * to the other instances: an emit and a disconnect sent apart could arrive in either order.
   */
  function signOut(room: string) {
    if (!io) return;
    signOutHere(io, room);
    if (options.pool) io.serverSideEmit(SIGN_OUT_ROOM, room);
  }

  /** Moves a user's sockets on every instance into the rooms their role and grants give now. */
  async function regroup(userId: string) {
    if (!io) return;
    const room = rooms.user(userId);
    const now = await roomsOfUser(userId);
    if (!now) return signOut(room);
    if (now.includes(rooms.admins)) {
      io.in(room).socketsJoin(rooms.admins);
    } else {
      io.in(room).socketsLeave(rooms.admins);
      if (now.length > 0) io.in(room).socketsJoin(now);
    }
  }

  // Events published together are written in one INSERT and sent in seq order.
  const queue: JournalEntry[] = [];
  let flushing: Promise<void> = Promise.resolve();
  function enqueue(entry: JournalEntry) {
    queue.push(entry);
    if (queue.length === 1) {
      flushing = flushing
        .then(() => new Promise((r) => setImmediate(r)))
        .then(flush)
        .catch((err: unknown) => log.error({ err }, 'sanntidshendelser ble ikke sendt'));
    }
  }
  async function flush() {
    while (queue.length > 0) await flushBatch(queue.splice(0, MAX_BATCH));
  }
  async function flushBatch(batch: JournalEntry[]) {
    const events = await insertJournal(db, batch).catch((err: unknown) => {
      log.error({ err, events: batch.length }, 'sanntidshendelser ble ikke lagret');
      return [] as RealtimeEvent[];
    });
    know(events);
    if (!io || events.length === 0) return;
    const deliveries: Delivery[] = events.map((event, i) => ({
      rooms: roomsOf(batch[i] as JournalEntry),
      event,
    }));
    deliverHere(io, deliveries);
    if (!options.pool) return;
    // The next batch leaves once the other instances have this one (or after a second, if one died):
    // NOTIFYs on different pool connections could otherwise overtake each other.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((resolve) => {
      timer = setTimeout(resolve, DELIVERY_ACK_MS);
    });
    await Promise.race([io.serverSideEmitWithAck(DELIVER, deliveries), late])
      .catch(() => log.warn({ events: deliveries.length }, 'en instans bekreftet ikke sanntidshendelser'))
      .finally(() => clearTimeout(timer));
  }

  /**
   * Sends a batch to this instance's sockets in `seq` order. The batch travels to the other instances as one
   * message: emits sent one by one go out on different pool connections and could overtake each other.
   */
  function deliverHere(server: Server, deliveries: Delivery[]) {
    for (const { rooms: to, event } of deliveries) server.local.to(to).emit(REALTIME_SERVER.event, event);
  }

  function subscribe<K extends RealtimeEventType>(type: K) {
    unsubscribe.push(
      bus.on(type, (payload) => {
        enqueue({
          type,
          ...targetOf(type, payload as DomainEvents[K]),
          payload: publicPayload(payload as object),
        });
      }),
    );
  }

  async function checkSessions() {
    if (!io) return;
    const sockets = [...io.of('/').sockets.values()] as LiveSocket[];
    if (sockets.length === 0) return;
    const live = await liveSessions(db, [...new Set(sockets.map((s) => s.data.sessionId))]);
    const now = Date.now();
    for (const socket of sockets) {
      if (!live.has(socket.data.sessionId)) {
        socket.emit(REALTIME_SERVER.signedOut, { message: SIGNED_OUT });
        socket.disconnect(true);
      } else if (socket.data.expiresAt + EXPIRY_GRACE_MS < now) {
        // Closed as a network drop would: the client reconnects with the token it has by then.
        socket.conn.close();
      }
    }
  }

  function onConnection(socket: LiveSocket, joined: string[]) {
    socket.join([rooms.user(socket.data.userId), rooms.session(socket.data.sessionId), ...joined]);
    if (io) presence.attach(io, socket);
    socket.on(REALTIME_CLIENT.auth, async (body: unknown, ack?: (answer: unknown) => void) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      try {
        const { principal, expiresAt } = await verify((body as { token?: unknown } | null)?.token);
        if (principal.userId !== socket.data.userId)
          throw new AppError(401, 'auth/invalid-token', SIGNED_OUT);
        if (principal.sessionId !== socket.data.sessionId) {
          socket.leave(rooms.session(socket.data.sessionId));
          socket.join(rooms.session(principal.sessionId));
        }
        socket.data.sessionId = principal.sessionId;
        socket.data.expiresAt = expiresAt;
        reply({ ok: true });
      } catch (err) {
        reply({ ok: false, message: err instanceof AppError ? err.message : SIGNED_OUT });
      }
    });
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

  /**
   * Waits until the postgres adapter holds its LISTEN connection: closed before that, the adapter would take
   * the connection afterwards and never give it back, and the pool could not end. Its `client.client` is
   * internal to @socket.io/postgres-adapter 0.5 (dist/util.js `PubSubClient`).
   */
  async function listening(created: Server) {
    const adapter = created.of('/').adapter as unknown as { client?: { client?: unknown } };
    const until = Date.now() + 10_000;
    while (adapter.client && !adapter.client.client) {
      if (Date.now() > until) return log.warn('sanntidskanalen lytter ennå ikke på databasen');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async function attach(server: HttpServer) {
    knownSeq = Math.max(knownSeq, await newestSeq(db));
    const created = new Server(server, {
      path: REALTIME_PATH,
      serveClient: false,
      // Long-polling would need sticky sessions across instances; browsers all speak WebSocket.
      transports: ['websocket'],
      pingInterval: REALTIME_HEARTBEAT_MS,
      pingTimeout: REALTIME_TIMEOUT_MS,
      connectTimeout: REALTIME_TIMEOUT_MS,
      allowRequest: (req, callback) =>
        callback(allowedOrigin(req) ? null : FOREIGN_ORIGIN, allowedOrigin(req)),
      ...(options.pool
        ? {
            adapter: createAdapter(options.pool, {
              errorHandler: (err) => log.warn({ err }, 'sanntidskanalen mellom instansene feilet'),
            }),
          }
        : {}),
    });
    io = created;
    created.use((socket, next) => {
      verify(socket.handshake.auth?.token)
        .then(async ({ principal, expiresAt }) => {
          const joined = await roomsOfUser(principal.userId);
          if (!joined) throw new AppError(401, 'auth/invalid-token', SIGNED_OUT);
          Object.assign(socket.data, { userId: principal.userId, sessionId: principal.sessionId, expiresAt });
          socket.data.rooms = joined;
          next();
        })
        .catch((err: unknown) => {
          if (!(err instanceof AppError)) log.error({ err }, 'sanntidsinnlogging feilet');
          const refused = new Error(err instanceof AppError ? err.message : SIGNED_OUT) as Error & {
            data?: unknown;
          };
          refused.data = { code: err instanceof AppError ? err.code : 'auth/invalid-token' };
          next(refused);
        });
    });
    created.on(DELIVER, (deliveries: unknown, ack?: () => void) => {
      if (Array.isArray(deliveries)) {
        know((deliveries as Delivery[]).map((delivery) => delivery.event));
        deliverHere(created, deliveries as Delivery[]);
      }
      if (typeof ack === 'function') ack();
    });
    created.on(SIGN_OUT_ROOM, (room: unknown) => {
      if (typeof room === 'string') signOutHere(created, room);
    });
    created.on('connection', (socket) => onConnection(socket as LiveSocket, socket.data.rooms ?? []));

    for (const type of REALTIME_EVENT_TYPES) subscribe(type);
    const regroupTarget = (payload: { targetId: string }) => {
      regroup(payload.targetId).catch((err: unknown) => log.error({ err }, 'sanntidsrom ble ikke oppdatert'));
    };
    unsubscribe.push(bus.on('access.granted', regroupTarget));
    unsubscribe.push(
      bus.on('access.revoked', (p) =>
        created.in(rooms.user(p.targetId)).socketsLeave(rooms.location(p.locationId)),
      ),
    );
    unsubscribe.push(bus.on('users.updated', regroupTarget));
    unsubscribe.push(bus.on('users.deleted', (p) => signOut(rooms.user(p.targetId))));
    // A sign-out ends its sockets at once; "all other sessions" waits for the next session check.
    unsubscribe.push(
      bus.on('auth.signed_out', (p) => {
        if (p.scope === 'global') signOut(rooms.user(p.userId));
        if (p.scope === 'local') signOut(rooms.session(p.sessionId));
      }),
    );
    unsubscribe.push(bus.on('auth.session_revoked', (p) => signOut(rooms.session(p.sessionId))));

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
    if (options.pool) await listening(created);
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
    await flushing;
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
  const currentSeq = () => knownSeq;

  return { attach, disconnectAll, close, checkSessions, currentSeq, notifyUsers, flushed: () => flushing };
}
