import type { AttributeLevel, AttributeValue, Operator, ValueType } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertEvents, alerts } from '../../db/schema';
import { array } from '../../db/sql-values';
import type { AlertEventPayload, NewNotificationEvent } from '../notifications';

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
  /** The name shown (docs/domain.md, Words), and how the value reads. */
  attributeName: string;
  path: string;
  type: ValueType;
  unit: string | null;
  trueLabel: string | null;
  falseLabel: string | null;
  operator: Operator;
  level: AttributeLevel;
  /** The level before, when it changed in this very check; null when it changed in an earlier one. */
  previousLevel: AttributeLevel | null;
  value: AttributeValue | null;
  threshold: string | null;
  reason: string;
};

const isAlertLevel = (level: AttributeLevel) => level === 'critical' || level === 'warning';

/**
 * An open alert whose level held its pending period counts in its incident's messages at that level
 * (`alerts.notified_level`, decision 033); one still in its pending period does not yet.
 */
export async function markSettledLevels(tx: Db, settled: SettledAttribute[]): Promise<void> {
  const held = settled.filter((s) => isAlertLevel(s.level));
  if (held.length === 0) return;
  await tx.execute(sql`
    update ${alerts} a set notified_level = s.level
    from unnest(${array(held.map((s) => s.bayMetricId))}::uuid[], ${array(held.map((s) => s.level))}::text[])
      as s(bay_metric_id, level)
    where a.bay_metric_id = s.bay_metric_id and a.resolved_at is null`);
}

/**
 * `alert.info` (tag `info`) for attributes that settled `inactive` or `nodata`, except while the API is
 * down: that is its incident instead. The attribute's last `info` row in `alert_events` is the dedupe key,
 * so the same transition is told once however many instances or retries see it. For several checks at
 * once (each with its time), read in one query; the events by check.
 */
export async function infoNotifications(
  tx: Db,
  checks: Array<{ settled: SettledAttribute[]; at: Date; apiDown: boolean }>,
): Promise<NewNotificationEvent[][]> {
  const infosOf = checks.map((c) =>
    c.apiDown ? [] : c.settled.filter((s) => s.level === 'inactive' || s.level === 'nodata'),
  );
  const infos = infosOf.flat();
  if (infos.length === 0) return checks.map(() => []);
  const result = await tx.execute<{ bay_metric_id: string; event_id: number | string | null }>(sql`
    select s.bay_metric_id, info.id as event_id
    from unnest(${array(infos.map((s) => s.bayMetricId))}::uuid[], ${array(infos.map((s) => s.bayId))}::uuid[])
      as s(bay_metric_id, bay_id)
    left join lateral (
      select id from ${alertEvents}
      where bay_id = s.bay_id and bay_metric_id = s.bay_metric_id and kind = 'info'
      order by at desc, id desc limit 1
    ) info on true`);
  const eventIds = new Map(result.rows.map((row) => [row.bay_metric_id, row.event_id]));
  return checks.map(({ at }, n) =>
    (infosOf[n] ?? []).map((s) => {
      const eventId = eventIds.get(s.bayMetricId);
      return {
        type: 'alert.info' as const,
        tag: 'info' as const,
        dedupeKey: eventId
          ? `alert_event:${eventId}`
          : `alert:${s.bayMetricId}:${s.level}:${at.toISOString()}`,
        locationIds: [s.locationId],
        bayIds: [s.bayId],
        alertId: null,
        payload: payloadOf(s, at),
        suppressible: true,
      };
    }),
  );
}

function payloadOf(s: SettledAttribute, at: Date): AlertEventPayload {
  return {
    locationId: s.locationId,
    locationName: s.locationName,
    bayId: s.bayId,
    bayName: s.bayName,
    attributeName: s.attributeName,
    path: s.path,
    type: s.type,
    unit: s.unit,
    trueLabel: s.trueLabel,
    falseLabel: s.falseLabel,
    level: s.level,
    previousLevel: s.previousLevel,
    value: s.value,
    threshold: s.threshold,
    operator: s.operator,
    reason: s.reason,
    at: at.toISOString(),
  };
}
