import { z } from 'zod';

/**
 * The live channel (docs/decisions/020-realtime.md): socket.io on the app's own port at `/socket.io/`.
 * The browser connects with `auth: {token: <access token>}` and sends `auth` with the new token after each
 * refresh. Every change the server announces reaches the sockets that may see it as one `event`
 * message carrying the database's `seq`; a client that reconnects sends `resume` with the last `seq` it
 * applied and gets everything after it in order, or `{refetch: true}` when the gap is older than the server
 * keeps.
 */
export const REALTIME_PATH = '/socket.io/';

/** Client → server messages. */
export const REALTIME_CLIENT = {
  /** `{token}`: the refreshed access token; answered by ack `{ok: true}` or `{ok: false, message}`. */
  auth: 'auth',
  /** `{since: seq}`: acked with `{events: RealtimeEvent[]}` or `{refetch: true}`. */
  resume: 'resume',
} as const;

/** Server → client messages. */
export const REALTIME_SERVER = {
  /** One `RealtimeEvent`. */
  event: 'event',
  /** `{message}`: the session ended or the user was disabled; the socket is disconnected after it. */
  signedOut: 'signed_out',
  /** One `DesktopNotification` (desktop-notifications.ts), to the recipient's own sockets only. */
  notification: 'notification',
} as const;

/** Events as they are named on the server's bus; `payload` is the bus payload without the actor's IP. */
export const REALTIME_EVENT_TYPES = [
  'bay.status_changed',
  'bay.created',
  'bay.updated',
  'bay.deleted',
  'location.created',
  'location.updated',
  'location.deleted',
  'link.created',
  'link.updated',
  'link.deleted',
  'link.reordered',
  'camera.created',
  'camera.updated',
  'camera.deleted',
  'bay_metric.level_changed',
  'bay_metric.prediction_changed',
  'alert.opened',
  'alert.escalated',
  'alert.deescalated',
  'alert.resolved',
  'alert.info',
  'alert.acknowledged',
  'maintenance.started',
  'maintenance.changed',
  'maintenance.ended',
  'maintenance.overdue',
  'maintenance_plan.created',
  'maintenance_plan.updated',
  'maintenance_plan.deleted',
  'maintenance_plan.skipped',
  'mute.created',
  'mute.ended',
  'api.check_failed',
  'api.recovered',
  'api.status_changed',
  'users.created',
  'users.updated',
  'users.deleted',
  'groups.created',
  'groups.updated',
  'groups.deleted',
  'access.granted',
  'access.revoked',
] as const;
export type RealtimeEventType = (typeof REALTIME_EVENT_TYPES)[number];

export const realtimeEventSchema = z.object({
  /** From the database; strictly increasing in the order the events were published. */
  seq: z.number().int(),
  type: z.enum(REALTIME_EVENT_TYPES),
  /** The facility it is about; null for events only admins (or one user) receive. */
  locationId: z.string().nullable(),
  at: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

export type ResumeAnswer = { events: RealtimeEvent[] } | { refetch: true };

/** Reconnect back-off of the live channel's clients: 1, 2, 5, then 10 s (decision 020). */
export const REALTIME_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;
export const REALTIME_TIMEOUT_MS = 10_000;
export const REALTIME_HEARTBEAT_MS = 30_000;
