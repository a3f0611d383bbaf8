import type { AlertLevel } from '@vaskedrift/shared';
import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertEvents, alerts } from '../../db/schema';
import type { EventBus } from '../../events/bus';
import type { AlertChange, EngineEvents } from '../../events/engine-events';
import type { AttributeTransition, OpenAlert, PlannedAlerts } from './alert-transitions';
import { endPredictions } from './incident-predictions.repository';
import { syncBayIncidents } from './incidents.repository';

type AlertEventName = 'alert.opened' | 'alert.escalated' | 'alert.deescalated' | 'alert.resolved';
/** An alert event to publish once the transaction has committed. */
export type AlertPublication =
  | { event: AlertEventName; payload: AlertChange }
  | { event: 'alert.info'; payload: EngineEvents['alert.info'] };

const array = (values: unknown[]) => sql.param(values);

/** Announces alert changes; call only after the transaction that made them has committed. */
export function publishAlerts(bus: EventBus, publications: AlertPublication[]): void {
  for (const p of publications) {
    if (p.event === 'alert.info') bus.publish(p.event, p.payload);
    else bus.publish(p.event, p.payload);
  }
}
const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

type EventRow = {
  alertId: string | null;
  bayMetricId: string;
  bayId: string;
  kind: string;
  level: string | null;
  value: unknown;
  reason: string;
};

async function insertEvents(tx: Db, rows: EventRow[], at: Date) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into ${alertEvents} (alert_id, bay_metric_id, bay_id, kind, level, value, reason, at)
    select alert_id, bay_metric_id, bay_id, kind, level, value, reason, ${at} from unnest(
      ${array(rows.map((r) => r.alertId))}::uuid[], ${array(rows.map((r) => r.bayMetricId))}::uuid[],
      ${array(rows.map((r) => r.bayId))}::uuid[], ${array(rows.map((r) => r.kind))}::text[],
      ${array(rows.map((r) => r.level))}::text[], ${array(rows.map((r) => json(r.value)))}::jsonb[],
      ${array(rows.map((r) => r.reason))}::text[]
    ) as e(alert_id, bay_metric_id, bay_id, kind, level, value, reason)`);
}

/** The open alerts of these attributes, by bay attribute id (read before a check plans its transitions). */
export async function openAlertsOf(tx: Db, bayMetricIds: string[]): Promise<Map<string, OpenAlert>> {
  if (bayMetricIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: alerts.id, bayMetricId: alerts.bayMetricId, level: alerts.level })
    .from(alerts)
    .where(and(sql`${alerts.bayMetricId} = any(${array(bayMetricIds)}::uuid[])`, isNull(alerts.resolvedAt)));
  return new Map(rows.map((r) => [r.bayMetricId as string, { id: r.id, level: r.level as AlertLevel }]));
}

/**
 * Writes planned alert transitions (`planAlertTransitions`): opens, escalates, de-escalates and resolves
 * alerts and records the `info` events, in the caller's transaction (a few statements for the whole check).
 * Returns what to publish after the commit. Only one check of an API runs at a time, so open alerts cannot
 * race; the unique index on open alerts would refuse a second one anyway.
 */
export async function writeAlertTransitions(
  tx: Db,
  planned: PlannedAlerts,
  at: Date,
): Promise<AlertPublication[]> {
  const { open: toOpen, move: toMove, resolve: toResolve, info: infos } = planned;
  const published: AlertPublication[] = [];
  const events: EventRow[] = [];
  const change = (alertId: string, t: AttributeTransition, level: AlertLevel): AlertChange => ({
    alertId,
    bayMetricId: t.bayMetricId,
    bayId: t.bayId,
    locationId: t.locationId,
    attributeName: t.attributeName,
    level,
    attributeLevel: t.level,
    value: t.value,
    reason: t.reason,
    at,
    inMaintenance: t.inMaintenance,
  });

  if (toOpen.length > 0) {
    const opened = await tx.execute<{ id: string; bay_metric_id: string }>(sql`
      insert into ${alerts} (bay_metric_id, bay_id, location_id, attribute_name, level, last_value, reason,
        in_maintenance, opened_at, updated_at)
      select bay_metric_id, bay_id, location_id, attribute_name, level, last_value, reason, in_maintenance,
        ${at}, ${at}
      from unnest(
        ${array(toOpen.map((t) => t.bayMetricId))}::uuid[], ${array(toOpen.map((t) => t.bayId))}::uuid[],
        ${array(toOpen.map((t) => t.locationId))}::uuid[], ${array(toOpen.map((t) => t.attributeName))}::text[],
        ${array(toOpen.map((t) => t.alertLevel))}::text[], ${array(toOpen.map((t) => json(t.value)))}::jsonb[],
        ${array(toOpen.map((t) => t.reason))}::text[], ${array(toOpen.map((t) => t.inMaintenance))}::boolean[]
      ) as o(bay_metric_id, bay_id, location_id, attribute_name, level, last_value, reason, in_maintenance)
      on conflict (bay_metric_id) where resolved_at is null do nothing
      returning id, bay_metric_id`);
    const byMetric = new Map(toOpen.map((t) => [t.bayMetricId, t]));
    for (const row of opened.rows) {
      const t = byMetric.get(row.bay_metric_id);
      if (!t) continue;
      events.push({ ...t, alertId: row.id, kind: 'opened', level: t.level });
      published.push({ event: 'alert.opened', payload: change(row.id, t, t.alertLevel) });
    }
  }
  if (toMove.length > 0) {
    await tx.execute(sql`
      update ${alerts} set level = m.level, last_value = m.value, reason = m.reason, updated_at = ${at}
      from unnest(${array(toMove.map((m) => m.alertId))}::uuid[], ${array(toMove.map((m) => m.level))}::text[],
        ${array(toMove.map((m) => json(m.t.value)))}::jsonb[], ${array(toMove.map((m) => m.t.reason))}::text[])
        as m(id, level, value, reason)
      where ${alerts.id} = m.id`);
    for (const m of toMove) {
      events.push({ ...m.t, alertId: m.alertId, kind: m.kind, level: m.t.level });
      published.push({ event: `alert.${m.kind}`, payload: change(m.alertId, m.t, m.level) });
    }
  }
  if (toResolve.length > 0) {
    await resolveById(
      tx,
      toResolve.map((r) => ({ id: r.alertId, value: r.t.value, reason: r.t.reason })),
      at,
    );
    for (const r of toResolve) {
      events.push({ ...r.t, alertId: r.alertId, kind: 'resolved', level: r.t.level });
      published.push({ event: 'alert.resolved', payload: change(r.alertId, r.t, r.level) });
    }
  }
  for (const { alertId, t } of infos) {
    events.push({ ...t, alertId, kind: 'info', level: t.level });
    published.push({
      event: 'alert.info',
      payload: {
        alertId,
        bayMetricId: t.bayMetricId,
        bayId: t.bayId,
        locationId: t.locationId,
        attributeName: t.attributeName,
        attributeLevel: t.level,
        value: t.value,
        reason: t.reason,
        at,
        inMaintenance: t.inMaintenance,
      },
    });
  }
  await insertEvents(tx, events, at);
  return published;
}

async function resolveById(tx: Db, rows: { id: string; value: unknown; reason: string }[], at: Date) {
  await tx.execute(sql`
    update ${alerts} set resolved_at = ${at}, updated_at = ${at}, last_value = coalesce(r.value, ${alerts.lastValue}),
      reason = r.reason
    from unnest(${array(rows.map((r) => r.id))}::uuid[], ${array(rows.map((r) => json(r.value)))}::jsonb[],
      ${array(rows.map((r) => r.reason))}::text[]) as r(id, value, reason)
    where ${alerts.id} = r.id and ${alerts.resolvedAt} is null`);
}

/**
 * Resolves the open alerts of attributes that stop being evaluated (disabled, deleted): nobody would ever
 * resolve them otherwise; their standing predictions end (decision 035); an incident left without a cause is
 * resolved with them (not told: nothing cleared). Returns what to publish after the commit.
 */
export async function resolveAlertsOfAttributes(
  tx: Db,
  bayMetricIds: string[],
  reason: string,
  at: Date,
): Promise<AlertPublication[]> {
  if (bayMetricIds.length === 0) return [];
  // Their expected crossings end too (decision 035): an attribute no longer checked predicts nothing.
  const predicted = await endPredictions(tx, bayMetricIds, at);
  const rows = await tx
    .select({
      id: alerts.id,
      bayMetricId: alerts.bayMetricId,
      bayId: alerts.bayId,
      locationId: alerts.locationId,
      attributeName: alerts.attributeName,
      level: alerts.level,
      inMaintenance: alerts.inMaintenance,
    })
    .from(alerts)
    .where(and(sql`${alerts.bayMetricId} = any(${array(bayMetricIds)}::uuid[])`, isNull(alerts.resolvedAt)))
    .for('update');
  if (rows.length === 0) {
    await syncBayIncidents(tx, predicted, at);
    return [];
  }
  await resolveById(
    tx,
    rows.map((r) => ({ id: r.id, value: null, reason })),
    at,
  );
  await syncBayIncidents(tx, [...new Set([...rows.map((r) => r.bayId), ...predicted])], at);
  await insertEvents(
    tx,
    rows.map((r) => ({
      alertId: r.id,
      bayMetricId: r.bayMetricId as string,
      bayId: r.bayId,
      kind: 'resolved',
      level: null,
      value: null,
      reason,
    })),
    at,
  );
  return rows.map((r) => ({
    event: 'alert.resolved' as const,
    payload: {
      alertId: r.id,
      bayMetricId: r.bayMetricId as string,
      bayId: r.bayId,
      locationId: r.locationId,
      attributeName: r.attributeName,
      level: r.level as AlertLevel,
      attributeLevel: 'nodata' as const,
      value: null,
      reason,
      at,
      inMaintenance: r.inMaintenance,
    },
  }));
}
