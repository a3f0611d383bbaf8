import { LOG_TYPES } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { insertLog } from './logs.repository';

const T = LOG_TYPES.webPush;

/**
 * Push devices added and removed, and every use of a push notification's action token, accepted or refused
 * (the acknowledgement itself is also logged as `alerts/acknowledge`). Never the token or the endpoint.
 */
export function subscribeWebPushLogs(bus: EventBus, db: Db): Array<() => void> {
  return [
    bus.on('web_push.device_created', (e) =>
      insertLog(db, {
        type: T.deviceCreate,
        resourceType: 'web_push_devices',
        resourceId: e.deviceId,
        userId: e.userId,
        ip: e.ip,
        extraData: { label: e.label },
      }),
    ),
    bus.on('web_push.device_deleted', (e) =>
      insertLog(db, {
        type: T.deviceDelete,
        resourceType: 'web_push_devices',
        resourceId: e.deviceId,
        userId: e.userId,
        ip: e.ip,
        extraData: { label: e.label, reason: e.reason },
      }),
    ),
    bus.on('web_push.action_used', (e) =>
      insertLog(db, {
        type: T.acknowledge,
        resourceType: 'alerts',
        resourceId: e.alertId,
        userId: e.userId,
        ip: e.ip,
        extraData: { outcome: e.outcome },
      }),
    ),
  ];
}
