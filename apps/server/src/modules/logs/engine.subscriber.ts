import { LOG_TYPES, type LogType } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { Actor } from '../../events/actor';
import type { EventBus } from '../../events/bus';
import type { DomainEvents } from '../../events/domain-events';
import { insertLog } from './logs.repository';

const T = LOG_TYPES.engine;

type Entry = { type: LogType; resourceType: string; resourceId: string; extraData: Record<string, unknown> };
type AdminEvent =
  | 'api.created'
  | 'api.updated'
  | 'api.deleted'
  | 'api.status_changed'
  | 'api_metric.created'
  | 'api_metric.updated'
  | 'api_metric.deleted'
  | 'bay_metric.created'
  | 'bay_metric.updated'
  | 'bay_metric.deleted'
  | 'alert.acknowledged';

/**
 * How each admin change to API connections and attributes, and each acknowledgement, reads in the audit
 * log. Field names only, never values: headers and secrets stay out of the log.
 */
const ENTRIES: { [K in AdminEvent]: (e: DomainEvents[K]) => Entry } = {
  'api.created': (e) => entry(T.apisCreate, 'apis', e.apiId, { name: e.name }),
  'api.updated': (e) => entry(T.apisUpdate, 'apis', e.apiId, { name: e.name, fields: e.fields }),
  'api.deleted': (e) => entry(T.apisDelete, 'apis', e.apiId, { name: e.name }),
  'api.status_changed': (e) => entry(T.apisStatus, 'apis', e.apiId, { name: e.name, status: e.status }),
  'api_metric.created': (e) =>
    entry(T.apiMetricsCreate, 'api_metrics', e.apiMetricId, { apiId: e.apiId, name: e.name }),
  'api_metric.updated': (e) =>
    entry(T.apiMetricsUpdate, 'api_metrics', e.apiMetricId, {
      apiId: e.apiId,
      name: e.name,
      fields: e.fields,
    }),
  'api_metric.deleted': (e) =>
    entry(T.apiMetricsDelete, 'api_metrics', e.apiMetricId, { apiId: e.apiId, name: e.name }),
  'bay_metric.created': (e) =>
    entry(T.bayMetricsCreate, 'bay_metrics', e.bayMetricId, {
      bayId: e.bayId,
      locationId: e.locationId,
      apiMetricId: e.apiMetricId,
    }),
  'bay_metric.updated': (e) =>
    entry(T.bayMetricsUpdate, 'bay_metrics', e.bayMetricId, {
      bayId: e.bayId,
      locationId: e.locationId,
      fields: e.fields,
    }),
  'bay_metric.deleted': (e) =>
    entry(T.bayMetricsDelete, 'bay_metrics', e.bayMetricId, { bayId: e.bayId, locationId: e.locationId }),
  'alert.acknowledged': (e) =>
    entry(T.alertsAcknowledge, 'alerts', e.alertId, {
      bayId: e.bayId,
      locationId: e.locationId,
      level: e.level,
    }),
};

function entry(
  type: LogType,
  resourceType: string,
  resourceId: string,
  extraData: Record<string, unknown>,
): Entry {
  return { type, resourceType, resourceId, extraData };
}

/** Writes admin changes of the status engine with who did it; engine events (checks) are not audit entries. */
export function subscribeEngineLogs(bus: EventBus, db: Db): Array<() => void> {
  return (Object.keys(ENTRIES) as AdminEvent[]).map((event) =>
    bus.on(event, (payload: DomainEvents[typeof event]) => {
      const made = (ENTRIES[event] as (e: Actor) => Entry)(payload);
      return insertLog(db, { ...made, userId: payload.userId, ip: payload.ip });
    }),
  );
}
