import { randomUUID } from 'node:crypto';
import {
  PRESENCE_CHANNEL,
  PRESENCE_CLIENT,
  PRESENCE_SERVER,
  type PresenceLeave,
  type PresenceRecord,
  type PresenceSyncAnswer,
  type PresenceTrackAnswer,
} from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import type { Db } from '../../db/client';
import { presencePerson, writeLastSeen } from './presence.repository';

export type PresenceOptions = {
  db: Db;
  log: Pick<Logger, 'error' | 'warn'>;
  /** Last-seen times are collected and written together at most this often (default 2 s). */
  flushMs?: number;
  /** How long `presence_sync` waits for the other instances' tabs (default 3 s). */
  syncTimeoutMs?: number;
};

type PresenceSocket = Socket & { data: { userId: string; presence?: PresenceRecord } };

const TRACK_FAILED = 'Kunne ikke melde deg som pålogget';
const SYNC_FAILED = 'Kunne ikke hente hvem som er pålogget';

/**
 * An uploaded picture is a data URI of up to 200 KB: it would travel in every join and every sync to every
 * tab, so only a link is passed on and the others are shown with initials.
 */
const avatarLink = (avatar: string | null) => (avatar && /^https?:\/\//i.test(avatar) ? avatar : null);

/**
 * Who is online (docs/decisions/020-realtime.md, Presence). Opt-in: a socket is listed once it sends
 * `presence_track`, so sockets that never track (benchmarks, scripts) cost nothing. The record lives in
 * `socket.data`, where `fetchSockets` reads it on every instance; joins and leaves reach the tracked tabs
 * of every instance through the adapter. Last seen is kept in `users.last_seen_at`, written in batches.
 */
export function createPresence(options: PresenceOptions) {
  const { db, log } = options;
  const flushMs = options.flushMs ?? 2000;
  const syncTimeoutMs = options.syncTimeoutMs ?? 3000;
  const seen = new Map<string, Date>();
  let flushTimer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    if (seen.size === 0) return writing;
    const batch = new Map(seen);
    seen.clear();
    writing = writing
      .then(() => writeLastSeen(db, batch))
      .catch((err: unknown) => log.warn({ err, users: batch.size }, 'sist sett ble ikke lagret'));
    return writing;
  }

  function markSeen(userId: string, at: Date) {
    seen.set(userId, at);
    if (flushTimer) return;
    flushTimer = setTimeout(flush, flushMs);
    flushTimer.unref();
  }

  async function join(io: Server, socket: PresenceSocket): Promise<boolean> {
    const person = await presencePerson(db, socket.data.userId);
    // Gone while the database answered: nothing to announce (and no leave would follow).
    if (!person || socket.disconnected) return false;
    const record: PresenceRecord = {
      user_id: socket.data.userId,
      user_name: `${person.firstName} ${person.lastName}`.trim() || person.email,
      user_email: person.email,
      user_avatar: avatarLink(person.avatar),
      last_seen: new Date().toISOString(),
      presence_ref: randomUUID(),
    };
    socket.data.presence = record;
    socket.join(PRESENCE_CHANNEL);
    io.to(PRESENCE_CHANNEL).emit(PRESENCE_SERVER.join, record);
    return true;
  }

  /** Wires one authenticated socket's presence messages. */
  function attach(io: Server, socket: PresenceSocket) {
    let joining: Promise<boolean> | null = null;

    socket.on(PRESENCE_CLIENT.track, async (_body: unknown, ack?: (answer: PresenceTrackAnswer) => void) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      try {
        const now = new Date();
        const record = socket.data.presence;
        if (record) record.last_seen = now.toISOString();
        else {
          // Two tracks sent at once join once.
          joining ??= join(io, socket).finally(() => {
            joining = null;
          });
          if (!(await joining)) return reply({ ok: false, message: TRACK_FAILED });
        }
        markSeen(socket.data.userId, now);
        reply({ ok: true });
      } catch (err) {
        log.error({ err }, 'pålogget-status ble ikke registrert');
        reply({ ok: false, message: TRACK_FAILED });
      }
    });

    socket.on(PRESENCE_CLIENT.sync, async (_body: unknown, ack?: (answer: PresenceSyncAnswer) => void) => {
      if (typeof ack !== 'function') return;
      try {
        const sockets = await io.in(PRESENCE_CHANNEL).timeout(syncTimeoutMs).fetchSockets();
        const presences = sockets.flatMap((s) => (s.data as PresenceSocket['data']).presence ?? []);
        ack({ presences });
      } catch (err) {
        // An instance that died a moment ago is still counted until the adapter's heartbeat notices it.
        log.warn({ err }, 'listen over påloggede ble ikke hentet');
        ack({ ok: false, message: SYNC_FAILED });
      }
    });

    socket.on('disconnect', () => {
      const record = socket.data.presence;
      if (!record) return;
      markSeen(record.user_id, new Date());
      const leave: PresenceLeave = { presence_ref: record.presence_ref, user_id: record.user_id };
      io.to(PRESENCE_CHANNEL).emit(PRESENCE_SERVER.leave, leave);
    });
  }

  /** Writes the last-seen times still collected (the instance's sockets have been disconnected first). */
  const close = () => flush();

  return { attach, close, flush };
}
