import type { AlertLevel } from '@vaskedrift/shared';
import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertEvents, alerts } from '../../db/schema';
import { array } from '../../db/sql-values';
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
  at: Date;
};

async function insertEvents(tx: Db, rows: EventRow[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into ${alertEvents} (alert_id, bay_metric_id, bay_id, kind, level, value, reason, at)
    select * from unnest(
      ${array(rows.map((r) => r.alertId))}::uuid[], ${array(rows.map((r) => r.bayMetricId))}::uuid[],
      ${array(rows.map((r) => r.bayId))}::uuid[], ${array(rows.map((r) => r.kind))}::text[],
      ${array(rows.map((r) => r.level))}::text[], ${array(rows.map((r) => json(r.value)))}::jsonb[],
      ${array(rows.map((r) => r.reason))}::text[], ${array(rows.map((r) => r.at))}::timestamptz[]
    )`);
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
 * Writes the planned alert transitions of several checks (`planAlertTransitions`, each with its time):
 * opens, escalates, de-escalates and resolves alerts and records the `info` events, in the caller's
 * transaction (a few statements for all the checks). Returns what to publish after the commit, by check.
 * Only one check of an attribute's API runs at a time, so open alerts cannot race; the unique index on open
 * alerts would refuse a second one anyway.
 */
export async function writeAlertTransitions(
  tx: Db,
  checks: Array<{ planned: PlannedAlerts; at: Date }>,
): Promise<AlertPublication[][]> {
  const published = checks.map((): AlertPublication[] => []);
  const events = checks.map((): EventRow[] => []);
  const change = (alertId: string, t: AttributeTransition, level: AlertLevel, at: Date): AlertChange => ({
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
  const each = <T>(of: (planned: PlannedAlerts) => T[]) =>
    checks.flatMap(({ planned, at }, n) => of(planned).map((item) => ({ ...item, n, at })));
  const toOpen = each((p) => p.open);
  const toMove = each((p) => p.move);
  const toResolve = each((p) => p.resolve);

  if (toOpen.length > 0) {
    const opened = await tx.execute<{ id: string; bay_metric_id: string }>(sql`
      insert into ${alerts} (bay_metric_id, bay_id, location_id, attribute_name, level, last_value, reason,
        in_maintenance, opened_at, updated_at)
      select bay_metric_id, bay_id, location_id, attribute_name, level, last_value, reason, in_maintenance, at, at
      from unnest(
        ${array(toOpen.map((t) => t.bayMetricId))}::uuid[], ${array(toOpen.map((t) => t.bayId))}::uuid[],
        ${array(toOpen.map((t) => t.locationId))}::uuid[], ${array(toOpen.map((t) => t.attributeName))}::text[],
        ${array(toOpen.map((t) => t.alertLevel))}::text[], ${array(toOpen.map((t) => json(t.value)))}::jsonb[],
        ${array(toOpen.map((t) => t.reason))}::text[], ${array(toOpen.map((t) => t.inMaintenance))}::boolean[],
        ${array(toOpen.map((t) => t.at))}::timestamptz[]
      ) as o(bay_metric_id, bay_id, location_id, attribute_name, level, last_value, reason, in_maintenance, at)
      on conflict (bay_metric_id) where resolved_at is null do nothing
      returning id, bay_metric_id`);
    const byMetric = new Map(toOpen.map((t) => [t.bayMetricId, t]));
    for (const row of opened.rows) {
      const t = byMetric.get(row.bay_metric_id);
      if (!t) continue;
      events[t.n]?.push({ ...t, alertId: row.id, kind: 'opened', level: t.level });
      published[t.n]?.push({ event: 'alert.opened', payload: change(row.id, t, t.alertLevel, t.at) });
    }
  }
  if (toMove.length > 0) {
    await tx.execute(sql`
      update ${alerts} set level = m.level, last_value = m.value, reason = m.reason, updated_at = m.at
      from unnest(${array(toMove.map((m) => m.alertId))}::uuid[], ${array(toMove.map((m) => m.level))}::text[],
        ${array(toMove.map((m) => json(m.t.value)))}::jsonb[], ${array(toMove.map((m) => m.t.reason))}::text[],
        ${array(toMove.map((m) => m.at))}::timestamptz[])
        as m(id, level, value, reason, at)
      where ${alerts.id} = m.id`);
    for (const m of toMove) {
      events[m.n]?.push({ ...m.t, alertId: m.alertId, kind: m.kind, level: m.t.level, at: m.at });
      published[m.n]?.push({ event: `alert.${m.kind}`, payload: change(m.alertId, m.t, m.level, m.at) });
    }
  }
  if (toResolve.length > 0) {
    await resolveById(
      tx,
      toResolve.map((r) => ({ id: r.alertId, value: r.t.value, reason: r.t.reason, at: r.at })),
    );
    for (const r of toResolve) {
      events[r.n]?.push({ ...r.t, alertId: r.alertId, kind: 'resolved', level: r.t.level, at: r.at });
      published[r.n]?.push({ event: 'alert.resolved', payload: change(r.alertId, r.t, r.level, r.at) });
    }
  }
  for (const { alertId, t, n, at } of each((p) => p.info)) {
    events[n]?.push({ ...t, alertId, kind: 'info', level: t.level, at });
    published[n]?.push({
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
  // In the order one check after another would have written them.
  await insertEvents(tx, events.flat());
  return published;
}

async function resolveById(tx: Db, rows: { id: string; value: unknown; reason: string; at: Date }[]) {
  await tx.execute(sql`
    update ${alerts} set resolved_at = r.at, updated_at = r.at, last_value = coalesce(r.value, ${alerts.lastValue}),
      reason = r.reason
    from unnest(${array(rows.map((r) => r.id))}::uuid[], ${array(rows.map((r) => json(r.value)))}::jsonb[],
      ${array(rows.map((r) => r.reason))}::text[], ${array(rows.map((r) => r.at))}::timestamptz[])
      as r(id, value, reason, at)
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
    rows.map((r) => ({ id: r.id, value: null, reason, at })),
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
      at,
    })),
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
