import { NOTIFICATION_LOG_TYPES as T } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { NotificationEvents } from '../../events/notification-events';
import { insertLog } from './logs.repository';

type Event = keyof NotificationEvents;

/** How each recipient change reads in the audit log; a new event fails `tsc` until it has a line here. */
const ENTRIES: {
  [K in Event]: { type: string; extra: (e: NotificationEvents[K]) => Record<string, unknown> };
} = {
  'notification_recipient.created': { type: T.create, extra: (e) => ({ tags: e.tags }) },
  'notification_recipient.updated': { type: T.update, extra: (e) => ({ fields: e.fields }) },
  'notification_recipient.deleted': { type: T.delete, extra: () => ({}) },
};

/** Writes every change to who is notified, with who made it. */
export function subscribeNotificationLogs(bus: EventBus, db: Db): Array<() => void> {
  return (Object.keys(ENTRIES) as Event[]).map((event) =>
    bus.on(event, (e: NotificationEvents[typeof event]) => {
      const entry = ENTRIES[event] as {
        type: string;
        extra: (e: NotificationEvents[Event]) => Record<string, unknown>;
      };
      return insertLog(db, {
        type: entry.type,
        resourceType: 'notification_recipients',
        resourceId: e.recipientId,
        userId: e.userId,
        ip: e.ip,
        extraData: { kind: e.kind, name: e.name, ...entry.extra(e) },
      });
    }),
  );
}
