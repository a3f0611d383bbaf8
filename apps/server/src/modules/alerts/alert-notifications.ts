import type { AlertLevel, AttributeLevel, AttributeValue, Operator } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertEvents, alerts, notificationEvents } from '../../db/schema';
import type { NewNotificationEvent } from '../../notify/notification-events';
import type { AlertEventPayload } from '../../notify/payloads';

/**
 * An attribute whose level has just held for its pending period (docs/domain.md, Alerts): in this check it
 * reached `pending_checks` checks in a row at `level`.
 */
export type SettledAttribute = {
  bayMetricId: string;
  bayId: string;
  bayName: string;
  locationId: string;
  locationName: string;
  attributeName: string;
  path: string;
  operator: Operator;
  level: AttributeLevel;
  /** The level before, when it changed in this very check; null when it changed in an earlier one. */
  previousLevel: AttributeLevel | null;
  value: AttributeValue | null;
  threshold: string | null;
  reason: string;
};

const array = (values: unknown[]) => sql.param(values);

type Found = {
  bay_metric_id: string;
  alert_id: string | null;
  alert_level: AlertLevel | null;
  notified_level: AlertLevel | null;
  resolved: boolean | null;
  event_id: number | string | null;
};

/**
 * Per settled attribute, in one statement: its latest alert (open, or the last resolved one) and the
 * `alert_events` row of the transition being told: the alert's last move for an alert level or `active`,
 * the attribute's last `info` row for `inactive`/`nodata`. That row's id is the dedupe key, so the same
 * transition is told once however many instances or retries see it.
 */
async function findAlertsAndEvents(tx: Db, settled: SettledAttribute[]): Promise<Map<string, Found>> {
  const result = await tx.execute<Found>(sql`
    select s.bay_metric_id, a.id as alert_id, a.level as alert_level, a.notified_level,
      a.resolved_at is not null as resolved, coalesce(moved.id, info.id) as event_id
    from unnest(${array(settled.map((s) => s.bayMetricId))}::uuid[], ${array(settled.map((s) => s.bayId))}::uuid[],
      ${array(settled.map((s) => s.level))}::text[]) as s(bay_metric_id, bay_id, level)
    left join lateral (
      select id, level, notified_level, resolved_at from ${alerts}
      where bay_id = s.bay_id and bay_metric_id = s.bay_metric_id and s.level in ('critical', 'warning', 'active')
      order by opened_at desc limit 1
    ) a on true
    left join lateral (
      select id from ${alertEvents}
      where alert_id = a.id and kind in ('opened', 'escalated', 'deescalated', 'resolved')
      order by id desc limit 1
    ) moved on true
    left join lateral (
      select id from ${alertEvents}
      where bay_id = s.bay_id and bay_metric_id = s.bay_metric_id and kind = 'info' and s.level in ('inactive', 'nodata')
      order by at desc, id desc limit 1
    ) info on true`);
  return new Map(result.rows.map((row) => [row.bay_metric_id, row]));
}

/**
 * The notification events of attributes whose level has held for their pending period (record them, then
 * `markAlertsNotified`):
 * - `critical`/`warning` different from what the alert last told: `alert.opened` (its first notification),
 *   else `alert.escalated`/`alert.deescalated`; tag = the level;
 * - `active`: `alert.resolved` (tag `info`) when the alert it resolved had been told;
 * - `inactive`/`nodata`: `alert.info`, except while the API is down: that is one `api.down` instead.
 */
export async function alertNotifications(
  tx: Db,
  settled: SettledAttribute[],
  at: Date,
  options: { apiDown: boolean },
): Promise<NewNotificationEvent[]> {
  const candidates = settled.filter(
    (s) => !(options.apiDown && (s.level === 'inactive' || s.level === 'nodata')),
  );
  if (candidates.length === 0) return [];
  const found = await findAlertsAndEvents(tx, candidates);
  const events: NewNotificationEvent[] = [];
  for (const s of candidates) {
    const row = found.get(s.bayMetricId);
    const alertId = row?.alert_id ?? null;
    const dedupeKey = row?.event_id
      ? `alert_event:${row.event_id}`
      : `alert:${alertId ?? s.bayMetricId}:${s.level}:${at.toISOString()}`;
    const event = (
      type: NewNotificationEvent['type'],
      tag: NewNotificationEvent['tag'],
      previous = s.previousLevel,
    ) =>
      events.push({
        type,
        tag,
        dedupeKey,
        locationIds: [s.locationId],
        bayIds: [s.bayId],
        alertId,
        payload: payloadOf(s, previous, at),
        suppressible: true,
      });
    if (s.level === 'critical' || s.level === 'warning') {
      if (!alertId || row?.resolved || row?.notified_level === s.level) continue;
      const notified = row?.notified_level ?? null;
      if (notified === null) event('alert.opened', s.level);
      else event(s.level === 'critical' ? 'alert.escalated' : 'alert.deescalated', s.level, notified);
    } else if (s.level === 'active') {
      if (alertId && row?.resolved && row.notified_level) event('alert.resolved', 'info', row.notified_level);
    } else {
      event('alert.info', 'info');
    }
  }
  return events;
}

/**
 * After recording: `notified_level` becomes the level of each alert event just recorded and not
 * suppressed. An alert opened while muted or in maintenance was not told, so neither is its resolution;
 * a later move to another level is told as its opening.
 */
export async function markAlertsNotified(tx: Db, recordedEventIds: number[]): Promise<void> {
  if (recordedEventIds.length === 0) return;
  await tx.execute(sql`
    update ${alerts} a set notified_level = e.payload->>'level'
    from ${notificationEvents} e
    where e.id = any(${array(recordedEventIds)}::bigint[]) and e.alert_id = a.id and e.suppressed is null
      and e.type in ('alert.opened', 'alert.escalated', 'alert.deescalated')`);
}

function payloadOf(s: SettledAttribute, previousLevel: AttributeLevel | null, at: Date): AlertEventPayload {
  return {
    locationId: s.locationId,
    locationName: s.locationName,
    bayId: s.bayId,
    bayName: s.bayName,
    attributeName: s.attributeName,
    path: s.path,
    level: s.level,
    previousLevel,
    value: s.value,
    threshold: s.threshold,
    operator: s.operator,
    reason: s.reason,
    at: at.toISOString(),
  };
}
