import type { RealtimeEventType } from '@vaskedrift/shared';
import type { DomainEvents } from '../../events/domain-events';
import type { Audience } from './realtime.repository';

export type Target = { audience: Audience; locationId: string | null; userId: string | null };

const facility = (p: { locationId: string }): Target => ({
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
  'bay.status_changed': facility,
  'bay.created': facility,
  'bay.updated': facility,
  'bay.deleted': facility,
  'location.created': facility,
  'location.updated': facility,
  'location.deleted': facility,
  'link.created': facility,
  'link.updated': facility,
  'link.deleted': facility,
  'link.reordered': facility,
  'camera.created': facility,
  'camera.updated': facility,
  'camera.deleted': facility,
  'bay_metric.level_changed': facility,
  'bay_metric.prediction_changed': facility,
  'alert.opened': facility,
  'alert.escalated': facility,
  'alert.deescalated': facility,
  'alert.resolved': facility,
  'alert.info': facility,
  'alert.acknowledged': facility,
  'maintenance.started': facility,
  'maintenance.changed': facility,
  'maintenance.ended': facility,
  'maintenance.overdue': facility,
  'maintenance_plan.created': facility,
  'maintenance_plan.updated': facility,
  'maintenance_plan.deleted': facility,
  'maintenance_plan.skipped': facility,
  'mute.created': facility,
  'mute.ended': facility,
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

/** The bus payload as browsers get it: JSON only, without the actor's IP. */
export function publicPayload(payload: object): Record<string, unknown> {
  const { ip: _ip, ...rest } = payload as Record<string, unknown>;
  return JSON.parse(JSON.stringify(rest));
}
