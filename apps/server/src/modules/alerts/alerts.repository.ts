import {
  type ALERT_SORT_COLUMNS,
  type Alert,
  type AlertEvent,
  type AlertLevel,
  type AlertState,
  valueLabels,
} from '@vaskedrift/shared';
import { and, asc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { alertEvents, alerts, apiMetrics, bayMetrics, bays, locations, users } from '../../db/schema';
import { containsPattern, ordered, pageWindow, totalCount } from '../../lib/list-query';
import type { Viewer } from '../../plugins/authenticate';
import { visibleLocationsCondition } from '../access';

const acknowledger = alias(users, 'acknowledger');

/** Alerts of live bays in facilities the viewer may see, with bay, facility and who acknowledged. */
function selectAlerts(db: Db, viewer: Viewer, where: SQL | undefined) {
  return db
    .select({
      id: alerts.id,
      bayMetricId: alerts.bayMetricId,
      bayId: alerts.bayId,
      bayName: bays.name,
      locationId: alerts.locationId,
      locationName: locations.name,
      attributeName: alerts.attributeName,
      level: alerts.level,
      openedAt: alerts.openedAt,
      updatedAt: alerts.updatedAt,
      resolvedAt: alerts.resolvedAt,
      acknowledgedAt: alerts.acknowledgedAt,
      acknowledgerId: acknowledger.id,
      acknowledgerFirstName: acknowledger.firstName,
      acknowledgerLastName: acknowledger.lastName,
      lastValue: alerts.lastValue,
      reason: alerts.reason,
      inMaintenance: alerts.inMaintenance,
      // The attribute as it is now, to describe the value in its words (null once it is deleted).
      attribute: {
        path: bayMetrics.path,
        type: bayMetrics.type,
        operator: bayMetrics.operator,
        thresholdCritical: bayMetrics.thresholdCritical,
        thresholdWarning: bayMetrics.thresholdWarning,
        thresholdInactive: bayMetrics.thresholdInactive,
        thresholdActive: bayMetrics.thresholdActive,
        displayName: bayMetrics.displayName,
        unit: bayMetrics.unit,
        trueLabel: bayMetrics.trueLabel,
        falseLabel: bayMetrics.falseLabel,
      },
      defaults: {
        displayName: apiMetrics.displayName,
        unit: apiMetrics.unit,
        trueLabel: apiMetrics.trueLabel,
        falseLabel: apiMetrics.falseLabel,
      },
      total: totalCount(),
    })
    .from(alerts)
    .innerJoin(bays, and(eq(bays.id, alerts.bayId), isNull(bays.deletedAt)))
    .innerJoin(locations, eq(locations.id, alerts.locationId))
    .leftJoin(acknowledger, eq(acknowledger.id, alerts.acknowledgedBy))
    .leftJoin(bayMetrics, eq(bayMetrics.id, alerts.bayMetricId))
    .leftJoin(apiMetrics, eq(apiMetrics.id, bayMetrics.apiMetricId))
    .where(and(visibleLocationsCondition(viewer), where))
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof selectAlerts>>[number];

/** The attribute's words and rule, defaults applied; null when the attribute is gone. */
function attributeOf(row: Row): Alert['attribute'] {
  const { attribute: a, defaults } = row;
  if (!a || a.path === null || a.type === null || a.operator === null) return null;
  return {
    // Without a display name an alert keeps the name it was opened with (the API attribute's).
    labels: valueLabels(a, defaults, row.attributeName),
    type: a.type,
    operator: a.operator,
    thresholds: {
      thresholdCritical: a.thresholdCritical ?? '',
      thresholdWarning: a.thresholdWarning ?? '',
      thresholdInactive: a.thresholdInactive ?? '',
      thresholdActive: a.thresholdActive ?? '',
    },
  };
}

function toAlert(row: Row): Alert {
  const attribute = attributeOf(row);
  return {
    id: row.id,
    bayMetricId: row.bayMetricId,
    bayId: row.bayId,
    bayName: row.bayName,
    locationId: row.locationId,
    locationName: row.locationName,
    attributeName: attribute?.labels.name ?? row.attributeName,
    attribute,
    level: row.level,
    state: row.resolvedAt ? 'resolved' : 'open',
    openedAt: row.openedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: row.acknowledgerId
      ? {
          id: row.acknowledgerId,
          firstName: row.acknowledgerFirstName ?? '',
          lastName: row.acknowledgerLastName ?? '',
        }
      : null,
    lastValue: row.lastValue ?? null,
    reason: row.reason,
    inMaintenance: row.inMaintenance,
  };
}

export async function findAlert(db: Db, viewer: Viewer, id: string): Promise<Alert | undefined> {
  const [row] = await selectAlerts(db, viewer, eq(alerts.id, id));
  return row ? toAlert(row) : undefined;
}

export async function alertEventsOf(db: Db, alertId: string): Promise<AlertEvent[]> {
  const rows = await db
    .select({
      id: alertEvents.id,
      kind: alertEvents.kind,
      level: alertEvents.level,
      at: alertEvents.at,
      value: alertEvents.value,
      reason: alertEvents.reason,
      userId: alertEvents.userId,
    })
    .from(alertEvents)
    .where(eq(alertEvents.alertId, alertId))
    .orderBy(asc(alertEvents.at), asc(alertEvents.id));
  return rows.map((r) => ({
    ...r,
    level: (r.level as AlertEvent['level']) ?? null,
    at: r.at.toISOString(),
    value: r.value ?? null,
  }));
}

type SortColumn = (typeof ALERT_SORT_COLUMNS)[number];
const SORTS: Record<SortColumn, SQL> = {
  openedAt: sql`${alerts.openedAt}`,
  updatedAt: sql`${alerts.updatedAt}`,
  resolvedAt: sql`${alerts.resolvedAt}`,
  // critical before warning
  level: sql`case ${alerts.level} when 'critical' then 0 else 1 end`,
};

export type AlertFilters = {
  locationId?: string;
  bayId?: string;
  bayMetricId?: string;
  state?: AlertState;
  level?: AlertLevel;
  acknowledged?: boolean;
};

export async function listAlerts(
  db: Db,
  viewer: Viewer,
  query: {
    page: number;
    perPage: number;
    search?: string;
    sort?: { column: SortColumn; direction: 'asc' | 'desc' };
    filters?: AlertFilters;
  },
) {
  const search = query.search ? containsPattern(query.search) : null;
  const f = query.filters ?? {};
  const where = and(
    search
      ? or(
          ilike(bays.name, search),
          ilike(locations.name, search),
          ilike(alerts.attributeName, search),
          ilike(bayMetrics.displayName, search),
        )
      : undefined,
    f.locationId ? eq(alerts.locationId, f.locationId) : undefined,
    f.bayId ? eq(alerts.bayId, f.bayId) : undefined,
    f.bayMetricId ? eq(alerts.bayMetricId, f.bayMetricId) : undefined,
    f.state === 'open'
      ? isNull(alerts.resolvedAt)
      : f.state === 'resolved'
        ? isNotNull(alerts.resolvedAt)
        : undefined,
    f.level ? eq(alerts.level, f.level) : undefined,
    f.acknowledged === undefined
      ? undefined
      : f.acknowledged
        ? isNotNull(alerts.acknowledgedAt)
        : isNull(alerts.acknowledgedAt),
  );
  const { limit, offset } = pageWindow(query);
  // Default: open ones first, newest first.
  const order = query.sort
    ? [ordered(SORTS[query.sort.column], query.sort.direction)]
    : [sql`${alerts.resolvedAt} is not null`, ordered(SORTS.openedAt, 'desc')];
  const rows = await selectAlerts(db, viewer, where)
    .orderBy(...order, alerts.id)
    .limit(limit)
    .offset(offset);
  return { data: rows.map(toAlert), count: rows[0]?.total ?? 0 };
}

/** Sets who acknowledged an open alert, once; returns null when it is already resolved. */
export async function acknowledgeAlert(tx: Db, id: string, userId: string) {
  const [row] = await tx
    .select({ resolvedAt: alerts.resolvedAt, acknowledgedAt: alerts.acknowledgedAt, level: alerts.level })
    .from(alerts)
    .where(eq(alerts.id, id))
    .for('update');
  if (!row || row.resolvedAt) return null;
  if (row.acknowledgedAt) return { level: row.level, first: false };
  await tx
    .update(alerts)
    .set({ acknowledgedBy: userId, acknowledgedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(alerts.id, id));
  return { level: row.level, first: true };
}

export async function insertAcknowledgedEvent(
  tx: Db,
  alert: { id: string; bayMetricId: string | null; bayId: string; level: AlertLevel },
  userId: string,
) {
  await tx.insert(alertEvents).values({
    alertId: alert.id,
    bayMetricId: alert.bayMetricId,
    bayId: alert.bayId,
    kind: 'acknowledged',
    level: alert.level,
    userId,
  });
}
