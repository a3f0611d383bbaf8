import { LOG_TYPES } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { subscribeDataSourceLogs } from './data-sources.subscriber';
import { subscribeEngineLogs } from './engine.subscriber';
import { subscribeLocationLogs } from './locations.subscriber';
import { insertLog } from './logs.repository';
import { subscribeMaintenanceLogs } from './maintenance.subscriber';
import { subscribeNotificationLogs } from './notifications.subscriber';
import { subscribePeopleLogs } from './people.subscriber';
import { subscribeSettingsLogs } from './settings.subscriber';
import { subscribeWebPushLogs } from './web-push.subscriber';
import { subscribeWebhookLogs } from './webhooks.subscriber';

/** Writes the audit log from domain events. */
export function subscribeLogs(bus: EventBus, db: Db): () => void {
  const offs = [
    bus.on('auth.signed_in', (e) =>
      insertLog(db, {
        type: LOG_TYPES.session.loginManual,
        resourceType: 'users',
        resourceId: e.userId,
        userId: e.userId,
        ip: e.ip,
        extraData: { sessionId: e.sessionId, email: e.email },
      }),
    ),
    bus.on('auth.signed_out', (e) =>
      insertLog(db, {
        type: LOG_TYPES.session.logoutManual,
        resourceType: 'users',
        resourceId: e.userId,
        userId: e.userId,
        ip: e.ip,
        extraData: { sessionId: e.sessionId, scope: e.scope },
      }),
    ),
    bus.on('auth.session_revoked', (e) =>
      insertLog(db, {
        type: LOG_TYPES.session.sessionRevoked,
        resourceType: 'users',
        resourceId: e.userId,
        userId: e.userId,
        extraData: { sessionId: e.sessionId, reason: e.reason },
      }),
    ),
    ...subscribePeopleLogs(bus, db),
    ...subscribeLocationLogs(bus, db),
    ...subscribeEngineLogs(bus, db),
    ...subscribeMaintenanceLogs(bus, db),
    ...subscribeNotificationLogs(bus, db),
    ...subscribeWebhookLogs(bus, db),
    ...subscribeWebPushLogs(bus, db),
    ...subscribeDataSourceLogs(bus, db),
    ...subscribeSettingsLogs(bus, db),
  ];
  return () => {
    for (const off of offs) off();
  };
}
