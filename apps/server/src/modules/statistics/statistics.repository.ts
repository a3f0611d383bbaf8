import {
  type AlertMarker,
  type BayStatus,
  convertThreshold,
  LATENCY_BUCKETS,
  type MaintenanceMarker,
  type MaintenanceType,
  STATISTICS_TIME_ZONE,
  type StatisticsAttribute,
  type StatisticsBucket,
  seesAllLocations,
} from '@vaskedrift/shared';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  alerts,
  apiCheckLogs,
  apiCheckStats,
  apiMetrics,
  apis,
  bayMetrics,
  bays,
  locations,
  maintenanceJobs,
  users,
} from '../../db/schema';
import { byName } from '../../lib/list-query';
import type { Viewer } from '../../plugins/authenticate';
import { visibleLocationsCondition } from '../access';
import { periodsInRange, type Range, rangeSql } from './figures.repository';
import type { Span } from './timeline';

/** Markers past this many in a range are left out (newest kept): a chart cannot show more anyway. */
const MAX_MARKERS = 500;

/** A live bay of a facility the viewer sees, with its facility's name. */
export async function findVisibleBay(db: Db, viewer: Viewer, bayId: string) {
  const [row] = await db
    .select({ id: bays.id, name: bays.name, locationId: bays.locationId, locationName: locations.name })
    .from(bays)
    .innerJoin(locations, eq(locations.id, bays.locationId))
    .where(and(eq(bays.id, bayId), isNull(bays.deletedAt), visibleLocationsCondition(viewer)));
  return row;
}

/** A facility the viewer sees. */
export async function findVisibleLocation(db: Db, viewer: Viewer, locationId: string) {
  const [row] = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.id, locationId), visibleLocationsCondition(viewer)));
  return row;
}

/** The facilities the viewer sees, all or those of `ids` (by name). */
export async function visibleLocations(db: Db, viewer: Viewer, ids: string[]) {
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(visibleLocationsCondition(viewer), ids.length > 0 ? inArray(locations.id, ids) : undefined))
    .orderBy(byName(locations.name), locations.id);
}

/** Every bay of the facilities, deleted ones included (their downtime happened), in each facility's order. */
export async function baysOfLocations(db: Db, locationIds: string[]) {
  if (locationIds.length === 0) return [];
  return db
    .select({ id: bays.id, name: bays.name, locationId: bays.locationId, deletedAt: bays.deletedAt })
    .from(bays)
    .where(inArray(bays.locationId, locationIds))
    .orderBy(bays.sortOrder, byName(bays.name), bays.id);
}

/**
 * Each bay's monitored status periods clipped to the range, in time order (epoch ms); time not monitored
 * is a gap (docs/domain.md, Statistics). One row per bay with its periods as one text (`status from to`
 * after each other): a facility over 90 days is 18,000 periods, and as rows their parsing alone took more
 * CPU than everything else in the answer (bench/README.md, Statistics).
 */
export async function timelineSpans(db: Db, bayIds: string[], range: Range): Promise<Map<string, Span[]>> {
  const spans = new Map<string, Span[]>(bayIds.map((id) => [id, []]));
  if (bayIds.length === 0) return spans;
  const { from, to } = rangeSql(range);
  const result = await db.execute<{ bay_id: string; spans: string }>(sql`
    select bay_id, string_agg(status || ' ' || round(extract(epoch from greatest(started_at, ${from})) * 1000)
      || ' ' || round(extract(epoch from least(ended_at, ${to})) * 1000), ' ' order by started_at, id) as spans
    from (${periodsInRange(bayIds, range)}) p
    where ended_at > ${from} and monitored
    group by bay_id`);
  for (const row of result.rows) {
    const list = spans.get(row.bay_id);
    const words = row.spans.split(' ');
    for (let i = 0; list && i + 2 < words.length; i += 3) {
      list.push({ status: words[i] as BayStatus, from: Number(words[i + 1]), to: Number(words[i + 2]) });
    }
  }
  return spans;
}

/**
 * A bay's observed and down seconds per day, week or month of the range (docs/domain.md, Statistics,
 * Availability over time). A bucket is the whole calendar day, week or month in Norwegian local time, from
 * its start at 00:00 (so a chart puts its bar on that day); its seconds are the monitored time inside both
 * the bucket and `[from, min(to, now)]`, so a partial first or last bucket is measured over its observed
 * part and one without any has 0 observed.
 */
export async function availabilityBuckets(db: Db, bayId: string, range: Range, bucket: StatisticsBucket) {
  const { from, to } = rangeSql(range);
  const zone = sql.raw(`'${STATISTICS_TIME_ZONE}'`);
  const unit = sql.raw(`'${bucket}'`);
  const step = sql.raw(`'1 ${bucket}'::interval`);
  const end = sql`${range.to.toISOString()}::timestamptz`;
  const result = await db.execute<{ from: Date; to: Date; observed: number; downtime: number }>(sql`
    with buckets as (
      select local at time zone ${zone} as bucket_from, (local + ${step}) at time zone ${zone} as bucket_to
      from generate_series(date_trunc(${unit}, ${from} at time zone ${zone}),
        ${end} at time zone ${zone} - interval '1 microsecond', ${step}) as local
    ),
    periods as (${periodsInRange([bayId], range)}),
    clipped as (
      select b.bucket_from, b.bucket_to, p.status,
        extract(epoch from least(p.ended_at, b.bucket_to, ${to}) - greatest(p.started_at, b.bucket_from, ${from}))
          as secs
      from buckets b
      join periods p on p.monitored and p.started_at < least(b.bucket_to, ${to})
        and p.ended_at > greatest(b.bucket_from, ${from})
    )
    select b.bucket_from as "from", b.bucket_to as "to",
      coalesce(sum(c.secs), 0)::float8 as observed,
      coalesce(sum(c.secs) filter (where c.status in ('error', 'inactive', 'maintenance')), 0)::float8
        as downtime
    from buckets b
    left join clipped c on c.bucket_from = b.bucket_from
    group by b.bucket_from, b.bucket_to
    order by b.bucket_from`);
  return result.rows.map((row) => ({ ...row, from: new Date(row.from), to: new Date(row.to) }));
}

/** Alerts of a bay open at some time in the range, newest first. */
export async function alertMarkers(db: Db, bayId: string, range: Range): Promise<AlertMarker[]> {
  const rows = await db
    .select({
      id: alerts.id,
      bayMetricId: alerts.bayMetricId,
      attributeName: alerts.attributeName,
      level: alerts.level,
      openedAt: alerts.openedAt,
      resolvedAt: alerts.resolvedAt,
      inMaintenance: alerts.inMaintenance,
    })
    .from(alerts)
    .where(
      and(
        eq(alerts.bayId, bayId),
        sql`${alerts.openedAt} < ${range.to.toISOString()}::timestamptz`,
        sql`coalesce(${alerts.resolvedAt}, 'infinity') > ${range.from.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(alerts.openedAt))
    .limit(MAX_MARKERS);
  return rows.map((row) => ({
    ...row,
    openedAt: row.openedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  }));
}

const assignee = alias(users, 'assignee');
const enabler = alias(users, 'enabler');

/** Maintenance jobs of a bay running at some time in the range, newest first. */
export async function maintenanceMarkers(db: Db, bayId: string, range: Range): Promise<MaintenanceMarker[]> {
  const j = maintenanceJobs;
  const rows = await db
    .select({
      id: j.id,
      type: j.type,
      startedAt: j.startedAt,
      endedAt: j.endedAt,
      assigneeName: sql<
        string | null
      >`coalesce(${assignee.firstName} || ' ' || ${assignee.lastName}, ${j.customAssignee} ->> 'name')`,
      enabledByName: sql<string | null>`${enabler.firstName} || ' ' || ${enabler.lastName}`,
    })
    .from(j)
    .leftJoin(assignee, eq(assignee.id, j.assigneeId))
    .leftJoin(enabler, eq(enabler.id, j.enabledBy))
    .where(
      and(
        eq(j.bayId, bayId),
        sql`${j.startedAt} < ${range.to.toISOString()}::timestamptz`,
        sql`coalesce(${j.endedAt}, 'infinity') > ${range.from.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(j.startedAt))
    .limit(MAX_MARKERS);
  return rows.map((row) => ({
    ...row,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  }));
}

/** A threshold as a number for a number attribute; null when blank or not a number. */
function numericThreshold(type: string, threshold: string): number | null {
  if (type !== 'number') return null;
  const converted = convertThreshold(threshold, 'number');
  return converted.ok && typeof converted.value === 'number' ? converted.value : null;
}

/** The bay's attributes with what a chart needs to draw their threshold lines. */
export async function statisticsAttributes(db: Db, bayId: string): Promise<StatisticsAttribute[]> {
  const rows = await db
    .select({
      id: bayMetrics.id,
      name: apiMetrics.name,
      type: bayMetrics.type,
      operator: bayMetrics.operator,
      thresholdWarning: bayMetrics.thresholdWarning,
      thresholdCritical: bayMetrics.thresholdCritical,
      displayName: sql<string | null>`coalesce(${bayMetrics.displayName}, ${apiMetrics.displayName})`,
      unit: sql<string | null>`coalesce(${bayMetrics.unit}, ${apiMetrics.unit})`,
      trueLabel: sql<string | null>`coalesce(${bayMetrics.trueLabel}, ${apiMetrics.trueLabel})`,
      falseLabel: sql<string | null>`coalesce(${bayMetrics.falseLabel}, ${apiMetrics.falseLabel})`,
    })
    .from(bayMetrics)
    .innerJoin(apiMetrics, eq(apiMetrics.id, bayMetrics.apiMetricId))
    .where(eq(bayMetrics.bayId, bayId))
    .orderBy(byName(apiMetrics.name), bayMetrics.path, bayMetrics.id);
  return rows.map((row) => ({
    ...row,
    thresholdWarning: numericThreshold(row.type, row.thresholdWarning),
    thresholdCritical: numericThreshold(row.type, row.thresholdCritical),
  }));
}

/** Alerts of a facility opened in the range, per level. */
export async function alertCounts(db: Db, locationId: string, range: Range) {
  const rows = await db
    .select({ level: alerts.level, count: sql<number>`count(*)::int` })
    .from(alerts)
    .where(
      and(
        eq(alerts.locationId, locationId),
        sql`${alerts.openedAt} >= ${range.from.toISOString()}::timestamptz`,
        sql`${alerts.openedAt} < ${range.to.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(alerts.level);
  const counts = { critical: 0, warning: 0 };
  for (const row of rows) counts[row.level] = row.count;
  return counts;
}

/** Maintenance seconds inside the range and jobs started in it, per type, over the bays given. */
export async function maintenanceByType(db: Db, bayIds: string[], range: Range) {
  if (bayIds.length === 0) return [];
  const { from, to } = rangeSql(range);
  const j = maintenanceJobs;
  const result = await db.execute<{ type: MaintenanceType; seconds: number; jobs: number }>(sql`
    select ${j.type} as type,
      coalesce(sum(extract(epoch from least(coalesce(${j.endedAt}, now()), ${to}) - greatest(${j.startedAt}, ${from}))), 0)::float8
        as seconds,
      (count(*) filter (where ${j.startedAt} >= ${from}))::int as jobs
    from ${j}
    where ${j.bayId} = any(${sql.param(bayIds)}::uuid[]) and ${j.startedAt} < ${to}
      and coalesce(${j.endedAt}, 'infinity') > ${from}
    group by ${j.type}
    order by ${j.type}`);
  return result.rows.map((row) => ({ ...row, seconds: Math.round(row.seconds) }));
}

/**
 * An API connection (not deleted) the viewer may see: admins every one; others those that feed an
 * attribute of a live bay in a facility they see (decision 023, Access).
 */
export async function findVisibleApi(db: Db, viewer: Viewer, apiId: string) {
  const [row] = await db
    .select({ id: apis.id, name: apis.name })
    .from(apis)
    .where(
      and(
        eq(apis.id, apiId),
        isNull(apis.deletedAt),
        seesAllLocations(viewer.role)
          ? undefined
          : sql`exists (
              select 1 from ${apiMetrics}
              join ${bayMetrics} on ${bayMetrics.apiMetricId} = ${apiMetrics.id}
              join ${bays} on ${bays.id} = ${bayMetrics.bayId} and ${bays.deletedAt} is null
              join ${locations} on ${locations.id} = ${bays.locationId}
              where ${apiMetrics.apiId} = ${apis.id} and ${visibleLocationsCondition(viewer)})`,
      ),
    );
  return row;
}

export type HourRow = {
  hour: Date;
  checks: number;
  failures: number;
  durationSumMs: number;
  durationMaxMs: number;
  histogram: number[];
};

/** The API's hourly check statistics of the hours that start in the range. */
export async function checkHours(db: Db, apiId: string, range: Range): Promise<HourRow[]> {
  const s = apiCheckStats;
  const rows = await db
    .select({
      hour: s.hour,
      checks: s.checks,
      failures: s.failures,
      durationSumMs: s.durationSumMs,
      durationMaxMs: s.durationMaxMs,
      histogram: s.durationHistogram,
    })
    .from(s)
    .where(
      and(
        eq(s.apiId, apiId),
        sql`${s.hour} >= date_trunc('hour', ${range.from.toISOString()}::timestamptz)`,
        sql`${s.hour} < ${range.to.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(s.hour));
  return rows.map((row) => ({
    ...row,
    histogram: row.histogram.length === LATENCY_BUCKETS ? row.histogram : new Array(LATENCY_BUCKETS).fill(0),
  }));
}

/** Failed checks in the range by error code, most first, with the latest message of each. */
export async function failuresByReason(db: Db, apiId: string, range: Range) {
  const l = apiCheckLogs;
  return db
    .select({
      errorCode: sql<string>`coalesce(${l.errorCode}, 'ukjent')`,
      message: sql<string>`coalesce((array_agg(${l.error} order by ${l.startedAt} desc))[1], '')`,
      count: sql<number>`count(*)::int`,
    })
    .from(l)
    .where(
      and(
        eq(l.apiId, apiId),
        eq(l.outcome, 'error'),
        sql`${l.startedAt} >= ${range.from.toISOString()}::timestamptz`,
        sql`${l.startedAt} < ${range.to.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`3 desc`, sql`1`)
    .limit(50);
}
