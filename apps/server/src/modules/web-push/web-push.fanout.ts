import { WEB_PUSH_MAX_PAYLOAD_BYTES, type WebPushPayload } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import {
  mergeTargets,
  type NotificationEventRow,
  type NotificationTarget,
  renderDesktop,
  renderedPerAudience,
} from '../notifications';
import {
  devicesOfUsers,
  insertPushRows,
  type NewWebPushRow,
  openAlertOfIncidents,
  type WebPushDeviceRow,
} from './web-push.repository';

/** What the dispatcher stores of a push: the payload without its token and send time (added per attempt). */
export type StoredPayload = Omit<WebPushPayload, 'actionToken' | 'sentAt'>;

/** Room kept for `actionToken` and `sentAt`, added when it is sent. */
const ADDED_AT_SEND_BYTES = 160;
const byteLength = (value: string) => Buffer.byteLength(value, 'utf8');

/** The body cut (at a character) until the whole payload fits the push service's limit with room to spare. */
function fitted(payload: StoredPayload): string {
  const limit = WEB_PUSH_MAX_PAYLOAD_BYTES - ADDED_AT_SEND_BYTES;
  let json = JSON.stringify(payload);
  let body = payload.body;
  while (byteLength(json) > limit && body.length > 0) {
    body = body.slice(0, Math.max(0, body.length - Math.max(16, byteLength(json) - limit)));
    json = JSON.stringify({ ...payload, body: `${body}…` });
  }
  return json;
}

/** The alert an event's 'Jeg ser på det' would acknowledge: its own, or an open one of its incident. */
function alertOf(event: NotificationEventRow, incidentAlerts: Map<string, string>): string | null {
  if (event.type === 'incident.resolved' || event.type.startsWith('maintenance.')) return null;
  if (event.alertId) return event.alertId;
  return event.incidentId ? (incidentAlerts.get(event.incidentId) ?? null) : null;
}

/**
 * The Web Push rows of a dispatch batch, in its transaction: every user an event reaches (the desktop
 * channel's recipients, decision 019) gets it on each device with push on, rendered as their desktop
 * notification would be (their role and facilities). One outbox row per (event, device).
 */
export async function enqueueWebPush(
  tx: Db,
  events: NotificationEventRow[],
  targets: NotificationTarget[],
  now: Date,
): Promise<void> {
  const eventsById = new Map(events.map((event) => [event.id, event]));
  const byUser = mergeTargets(
    targets.filter((target) => eventsById.has(target.eventId)),
    (target) => (target.userId === null ? null : `${target.eventId}:${target.userId}`),
  );
  if (byUser.length === 0) return;
  const devices = await devicesOfUsers(tx, [...new Set(byUser.map(({ target }) => target.userId ?? ''))]);
  if (devices.length === 0) return;
  const devicesByUser = new Map<string, WebPushDeviceRow[]>();
  for (const device of devices) {
    const ofUser = devicesByUser.get(device.userId);
    if (ofUser) ofUser.push(device);
    else devicesByUser.set(device.userId, [device]);
  }
  const incidentAlerts = await openAlertOfIncidents(tx, [
    ...new Set(events.flatMap((event) => (event.incidentId ? [event.incidentId] : []))),
  ]);
  const renderers = new Map(
    events.map((event) => [
      event.id,
      renderedPerAudience((role, locationIds) => {
        const notification = renderDesktop(event, locationIds, role);
        const bayId = notification.bayId ?? null;
        const payload = fitted({
          v: 1,
          kind: event.type,
          eventId: event.id,
          title: notification.title,
          body: notification.body,
          tag: bayId ? `bay:${bayId}` : `event:${event.id}`,
          url: bayId ? `/?bay=${bayId}` : notification.url,
          bayId,
          alertId: alertOf(event, incidentAlerts),
          level: notification.level ?? null,
        });
        return { title: notification.title, payload };
      }),
    ]),
  );
  const rows: NewWebPushRow[] = [];
  for (const { target, locationIds } of byUser) {
    const event = eventsById.get(target.eventId);
    const render = renderers.get(target.eventId);
    const userDevices = target.userId ? devicesByUser.get(target.userId) : undefined;
    if (!event || !render || !target.userId || !userDevices) continue;
    const { title, payload } = render(target.role, locationIds);
    for (const device of userDevices) {
      rows.push({
        eventId: event.id,
        deviceId: device.id,
        userId: target.userId,
        kind: event.type,
        title,
        payload,
      });
    }
  }
  await insertPushRows(tx, rows, now);
}
