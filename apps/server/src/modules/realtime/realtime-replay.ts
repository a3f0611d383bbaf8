import { REALTIME_SERVER } from '@vaskedrift/shared';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client';
import { listenerPool } from './listener-pool';
import { journalAfter } from './realtime.repository';
import type { LiveSocket } from './realtime-auth';

/**
 * Replayed after the LISTEN connection came back, from this far below the `seq` known when it was lost:
 * instances take `seq`s before they commit, so a lower one can still have been on its way (decision 020).
 */
const REPLAY_MARGIN = 100;

/**
 * Waits until the postgres adapter holds its LISTEN connection: closed before that, the adapter would take
 * the connection afterwards and never give it back, and the pool could not end. Its `client.client` is
 * internal to @socket.io/postgres-adapter 0.5 (dist/util.js `PubSubClient`).
 */
export async function listening(server: Server, log: Pick<Logger, 'warn'>) {
  const adapter = server.of('/').adapter as unknown as { client?: { client?: unknown } };
  const until = Date.now() + 10_000;
  while (adapter.client && !adapter.client.client) {
    if (Date.now() > until) return log.warn('sanntidskanalen lytter ennå ikke på databasen');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The pool the postgres adapter listens through. When its LISTEN connection comes back after an outage,
 * what other instances sent meanwhile never arrived here: once listening again, each user's sockets get
 * the journal from where it stood when the connection was lost (`knownSeq()` then); the browser drops what
 * it already applied and applies the rest in place (decision 020). A gap over the resume cap closes the
 * socket's transport, so the browser reconnects and refetches.
 */
export function replayingPool(
  pool: pg.Pool,
  deps: {
    db: Db;
    log: Pick<Logger, 'error' | 'warn' | 'info'>;
    server: () => Server | null;
    knownSeq: () => number;
    resumeCap: number;
  },
) {
  const { db, log } = deps;
  async function replayGap(server: Server, since: number) {
    await listening(server, log);
    const byUser = new Map<string, LiveSocket[]>();
    for (const socket of server.of('/').sockets.values() as Iterable<LiveSocket>) {
      const sockets = byUser.get(socket.data.userId) ?? [];
      sockets.push(socket);
      byUser.set(socket.data.userId, sockets);
    }
    for (const [userId, sockets] of byUser) {
      const answer = await journalAfter(db, userId, Math.max(0, since - REPLAY_MARGIN), deps.resumeCap);
      for (const socket of sockets) {
        if ('refetch' in answer) socket.conn.close();
        else for (const event of answer.events) socket.emit(REALTIME_SERVER.event, event);
      }
    }
    log.info({ since, users: byUser.size }, 'sanntidskanalen lytter igjen; hendelser fra bruddet er sendt');
  }

  /** The `seq` this instance knew when its LISTEN connection was lost; null while it listens. */
  let lostAtSeq: number | null = null;
  return listenerPool(pool, {
    lost: () => {
      lostAtSeq ??= deps.knownSeq();
    },
    regained: () => {
      const since = lostAtSeq;
      lostAtSeq = null;
      const server = deps.server();
      if (server && since !== null)
        replayGap(server, since).catch((err: unknown) =>
          log.error({ err }, 'hendelser fra bruddet i sanntidskanalen ble ikke sendt'),
        );
    },
  });
}
