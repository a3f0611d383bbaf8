import { REALTIME_SERVER, seesAllLocations } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { audienceOf } from './realtime.repository';
import { rooms } from './realtime-audience';
import { SIGNED_OUT } from './realtime-auth';

/** Between instances: end the sockets of this room here. */
const SIGN_OUT_ROOM = 'vaskedrift:sign-out';

/** The rooms a user's role and grants give (admins: all facilities); null for a disabled or deleted user. */
export async function roomsOfUser(db: Db, userId: string): Promise<string[] | null> {
  const found = await audienceOf(db, userId);
  if (!found || found.disabled) return null;
  return seesAllLocations(found.role) ? [rooms.admins] : found.locationIds.map(rooms.location);
}

function signOutHere(server: Server, room: string) {
  server.local.in(room).emit(REALTIME_SERVER.signedOut, { message: SIGNED_OUT });
  server.local.in(room).disconnectSockets(true);
}

/**
 * Keeps sockets in the rooms their user may see, on every instance: grants and role changes move them
 * at once, a revoked grant leaves the facility's room, a deleted user, a sign-out and a revoked session
 * end them. Returns the unsubscribes.
 */
export function followAccessChanges(
  server: Server,
  deps: { db: Db; bus: EventBus; log: Pick<Logger, 'error'>; betweenInstances: boolean },
): Array<() => void> {
  const { bus } = deps;
  /**
   * Ends every socket of a user or session on every instance, telling the browser why first. One message
   * to the other instances: an emit and a disconnect sent apart could arrive in either order.
   */
  function signOut(room: string) {
    signOutHere(server, room);
    if (deps.betweenInstances) server.serverSideEmit(SIGN_OUT_ROOM, room);
  }
  /** Moves a user's sockets on every instance into the rooms their role and grants give now. */
  async function regroup(userId: string) {
    const room = rooms.user(userId);
    const now = await roomsOfUser(deps.db, userId);
    if (!now) return signOut(room);
    if (now.includes(rooms.admins)) {
      server.in(room).socketsJoin(rooms.admins);
    } else {
      server.in(room).socketsLeave(rooms.admins);
      if (now.length > 0) server.in(room).socketsJoin(now);
    }
  }
  const regroupTarget = (payload: { targetId: string }) => {
    regroup(payload.targetId).catch((err: unknown) =>
      deps.log.error({ err }, 'sanntidsrom ble ikke oppdatert'),
    );
  };
  server.on(SIGN_OUT_ROOM, (room: unknown) => {
    if (typeof room === 'string') signOutHere(server, room);
  });
  return [
    bus.on('access.granted', regroupTarget),
    bus.on('access.revoked', (p) =>
      server.in(rooms.user(p.targetId)).socketsLeave(rooms.location(p.locationId)),
    ),
    bus.on('users.updated', regroupTarget),
    bus.on('users.deleted', (p) => signOut(rooms.user(p.targetId))),
    // A sign-out ends its sockets at once; "all other sessions" waits for the next session check.
    bus.on('auth.signed_out', (p) => {
      if (p.scope === 'global') signOut(rooms.user(p.userId));
      if (p.scope === 'local') signOut(rooms.session(p.sessionId));
    }),
    bus.on('auth.session_revoked', (p) => signOut(rooms.session(p.sessionId))),
  ];
}
