import type { IncomingMessage } from 'node:http';
import { REALTIME_CLIENT, REALTIME_SERVER } from '@vaskedrift/shared';
import { decodeJwt } from 'jose';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { type Authenticate, type Principal, verifyAccessToken } from '../../plugins/authenticate';
import { liveSessions } from './realtime.repository';
import { rooms } from './realtime-audience';

type SocketData = { userId: string; sessionId: string; expiresAt: number };
export type LiveSocket = Socket & { data: SocketData };

export const SIGNED_OUT = 'Du er logget ut. Logg inn på nytt.';
export const FOREIGN_ORIGIN = 'Tilkoblingen er ikke tillatt fra denne adressen';
/** A token past its expiry keeps the socket this long: the browser refreshes and sends `auth` meanwhile. */
const EXPIRY_GRACE_MS = 30_000;

/**
 * Whether a socket may connect from the page's origin: the public URL, the server's own host (the one a
 * proxy forwards, with trust proxy), and in development a loopback page.
 */
export function allowedOrigin(
  req: IncomingMessage,
  options: { publicUrl: string; trustProxy: boolean; allowLoopbackOrigins?: boolean },
): boolean {
  const origin = req.headers.origin;
  // Browsers always send Origin across origins; a request without one is not a page of another site.
  if (!origin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (options.allowLoopbackOrigins && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return true;
  const host = url.host;
  if (origin === new URL(options.publicUrl).origin) return true;
  const forwarded = options.trustProxy ? req.headers['x-forwarded-host'] : undefined;
  const own =
    (Array.isArray(forwarded) ? forwarded[0] : forwarded?.split(',')[0]?.trim()) ?? req.headers.host;
  return host === own;
}

/** The token checked as on the API (live session), with the time it expires. */
async function verify(
  auth: Authenticate,
  token: unknown,
): Promise<{ principal: Principal; expiresAt: number }> {
  const raw = typeof token === 'string' && token ? token : null;
  const principal = await verifyAccessToken(auth, raw);
  const exp = decodeJwt(raw as string).exp ?? 0;
  return { principal, expiresAt: exp * 1000 };
}

/**
 * The handshake: a socket connects only with a valid token of a user who may see something (`roomsOfUser`
 * not null); its user, session, expiry and rooms go into `socket.data`. A refusal carries a Norwegian
 * message and the error code.
 */
export function authenticateHandshake(
  server: Server,
  deps: {
    auth: Authenticate;
    log: Pick<Logger, 'error'>;
    roomsOfUser: (userId: string) => Promise<string[] | null>;
  },
) {
  server.use((socket, next) => {
    verify(deps.auth, socket.handshake.auth?.token)
      .then(async ({ principal, expiresAt }) => {
        const joined = await deps.roomsOfUser(principal.userId);
        if (!joined) throw new AppError(401, 'auth/invalid-token', SIGNED_OUT);
        Object.assign(socket.data, { userId: principal.userId, sessionId: principal.sessionId, expiresAt });
        socket.data.rooms = joined;
        next();
      })
      .catch((err: unknown) => {
        if (!(err instanceof AppError)) deps.log.error({ err }, 'sanntidsinnlogging feilet');
        const refused = new Error(err instanceof AppError ? err.message : SIGNED_OUT) as Error & {
          data?: unknown;
        };
        refused.data = { code: err instanceof AppError ? err.code : 'auth/invalid-token' };
        next(refused);
      });
  });
}

/**
 * `auth`: a refreshed token for the same user keeps the socket open; a new session moves it to that
 * session's room.
 */
export function answerReauthentication(socket: LiveSocket, auth: Authenticate) {
  socket.on(REALTIME_CLIENT.auth, async (body: unknown, ack?: (answer: unknown) => void) => {
    const reply = typeof ack === 'function' ? ack : () => {};
    try {
      const { principal, expiresAt } = await verify(auth, (body as { token?: unknown } | null)?.token);
      if (principal.userId !== socket.data.userId) throw new AppError(401, 'auth/invalid-token', SIGNED_OUT);
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
}

/**
 * The session check: a socket whose session ended (signed out elsewhere, revoked, expired) is told and
 * closed; one whose token expired over the grace ago is closed as a network drop would be, and the client
 * reconnects with the token it has by then.
 */
export async function endStaleSessions(server: Server, db: Db) {
  const sockets = [...server.of('/').sockets.values()] as LiveSocket[];
  if (sockets.length === 0) return;
  const live = await liveSessions(db, [...new Set(sockets.map((s) => s.data.sessionId))]);
  const now = Date.now();
  for (const socket of sockets) {
    if (!live.has(socket.data.sessionId)) {
      socket.emit(REALTIME_SERVER.signedOut, { message: SIGNED_OUT });
      socket.disconnect(true);
    } else if (socket.data.expiresAt + EXPIRY_GRACE_MS < now) {
      socket.conn.close();
    }
  }
}
