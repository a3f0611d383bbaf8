import { LOG_TYPES } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { NotificationEvents } from '../../events/notification-events';
import { type LogEntries, subscribeLogEntries } from './mapped-entries';

const T = LOG_TYPES.notification;

/** How each recipient change reads in the audit log; a new event fails `tsc` until it has a line here. */
const ENTRIES: LogEntries<NotificationEvents> = {
  'notification_recipient.created': { type: T.create, extra: (e) => ({ tags: e.tags }) },
  'notification_recipient.updated': { type: T.update, extra: (e) => ({ fields: e.fields }) },
  'notification_recipient.deleted': { type: T.delete, extra: () => ({}) },
};

/** Writes every change to who is notified, with who made it. */
export function subscribeNotificationLogs(bus: EventBus, db: Db): Array<() => void> {
  return subscribeLogEntries<keyof NotificationEvents>(bus, db, ENTRIES, (e) => ({
    resourceType: 'notification_recipients',
    resourceId: e.recipientId,
    extraData: { kind: e.kind, name: e.name },
  }));
}
