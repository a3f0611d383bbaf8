import type { RealtimeEventType } from '@vaskedrift/shared';
import type { DomainEvents } from '../../events/domain-events';
import type { Audience } from './realtime.repository';

export type Target = { audience: Audience; locationId: string | null; userId: string | null };

const location = (p: { locationId: string }): Target => ({
  audience: 'location',
  locationId: p.locationId,
  userId: null,
});
const admins = (): Target => ({ audience: 'admins', locationId: null, userId: null });
const aboutUser = (p: { targetId: string }): Target => ({
  audience: 'user',
  locationId: null,
  userId: p.targetId,
});

/**
 * Who may receive each live event (docs/domain.md, Roles and access): a facility's events go to the sockets granted it and
 * the admins; API, user and group events to the admins; a user or access event also to the user it is
 * about. A mapped type over the contract's list: a new event type fails `tsc` until it has an audience.
 */
const AUDIENCE: { [K in RealtimeEventType]: (payload: DomainEvents[K]) => Target } = {
  'bay.status_changed': location,
  'bay.created': location,
  'bay.updated': location,
  'bay.deleted': location,
  'location.created': location,
  'location.updated': location,
  'location.deleted': location,
  'link.created': location,
  'link.updated': location,
  'link.deleted': location,
  'link.reordered': location,
  'camera.created': location,
  'camera.updated': location,
  'camera.deleted': location,
  'bay_metric.level_changed': location,
  'bay_metric.prediction_changed': location,
  'alert.opened': location,
  'alert.escalated': location,
  'alert.deescalated': location,
  'alert.resolved': location,
  'alert.info': location,
  'alert.acknowledged': location,
  'maintenance.started': location,
  'maintenance.changed': location,
  'maintenance.ended': location,
  'maintenance.overdue': location,
  'maintenance_plan.created': location,
  'maintenance_plan.updated': location,
  'maintenance_plan.deleted': location,
  'maintenance_plan.skipped': location,
  'mute.created': location,
  'mute.ended': location,
  'api.check_failed': admins,
  'api.recovered': admins,
  'api.status_changed': admins,
  'users.created': aboutUser,
  'users.updated': aboutUser,
  'users.deleted': aboutUser,
  'groups.created': admins,
  'groups.updated': admins,
  'groups.deleted': admins,
  'access.granted': aboutUser,
  'access.revoked': aboutUser,
};

/** The audience of one event. */
export function targetOf<K extends RealtimeEventType>(type: K, payload: DomainEvents[K]): Target {
  return (AUDIENCE[type] as (payload: DomainEvents[K]) => Target)(payload);
}

/** Rooms of a journal row: a facility's sockets, the admins, one user's sockets. */
export const rooms = {
  admins: 'admins',
  location: (id: string) => `location:${id}`,
  user: (id: string) => `user:${id}`,
  session: (id: string) => `session:${id}`,
};

export function roomsOf(target: Target): string[] {
  const out = [rooms.admins];
  if (target.audience === 'location' && target.locationId) out.push(rooms.location(target.locationId));
  if (target.audience === 'user' && target.userId) out.push(rooms.user(target.userId));
  return out;
}

/** The bus payload as browsers get it, as JSON text: without the actor's IP. */
export function publicPayloadText(payload: object): string {
  // The engine's events carry no actor: sent as they are, without a copy (a bulk add's first round has
  // forty of them a check).
  if (!('ip' in payload)) return JSON.stringify(payload);
  const { ip: _ip, ...rest } = payload as Record<string, unknown>;
  return JSON.stringify(rest);
}
