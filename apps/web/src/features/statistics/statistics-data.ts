/*
 * The statistics endpoints' answers shaped for the charts (Unix seconds, aligned arrays). Pure, so it is
 * unit-tested (statistics-data.test.ts).
 */
import type {
  AlertMarker,
  ApiStatsPoint,
  AttributeLevel,
  AvailabilityBucket,
  BayStatus,
  MaintenanceMarker,
  Operator,
  ReadingPoint,
  StatisticsAttribute,
  TimelineSegment as StatusSegment,
  WashBucket,
  WashPoint,
} from '@vaskedrift/shared';
import { OPERATOR_SYMBOLS } from '@vaskedrift/shared';
import {
  segmentsFromPoints,
  type ThresholdLine,
  type TimelineSegment,
  type TimeMarker,
} from '../../components/charts/chart-data';

const seconds = (iso: string) => Date.parse(iso) / 1000;

/** A status timeline's segments in seconds. */
export function statusSegments(segments: readonly StatusSegment[]): TimelineSegment<BayStatus>[] {
  return segments.map((s) => ({ from: seconds(s.from), to: seconds(s.to), kind: s.status }));
}

/**
 * Alerts and maintenance jobs as markers; open ones last until `now`. `attributeId` keeps only the alerts
 * of one attribute (jobs concern the whole bay and are always kept).
 */
export function bayMarkers(
  alerts: readonly AlertMarker[],
  maintenance: readonly MaintenanceMarker[],
  now: number,
  labels: { maintenance: (job: MaintenanceMarker) => string },
  attributeId?: string,
): TimeMarker[] {
  const fromAlerts = alerts
    .filter((a) => attributeId === undefined || a.bayMetricId === attributeId)
    .map(
      (a): TimeMarker => ({
        kind: 'alert',
        level: a.level,
        from: seconds(a.openedAt),
        to: a.resolvedAt ? seconds(a.resolvedAt) : now,
        label: a.attributeName,
      }),
    );
  const fromJobs = maintenance.map(
    (m): TimeMarker => ({
      kind: 'maintenance',
      from: seconds(m.startedAt),
      to: m.endedAt ? seconds(m.endedAt) : now,
      label: labels.maintenance(m),
    }),
  );
  return [...fromJobs, ...fromAlerts];
}

/**
 * Availability per bucket as bars in the middle of each bucket: the whole calendar day, week or month in
 * Norwegian time, even when the period covers only part of it (docs/domain.md, Statistics), so a day's bar
 * stands on its day. In percent, with gaps where nothing was observed. `span` is the time the buckets
 * cover, the chart's axis.
 */
export function availabilitySeries(buckets: readonly AvailabilityBucket[]) {
  const first = buckets[0];
  const last = buckets.at(-1);
  return {
    times: buckets.map((b) => (seconds(b.from) + seconds(b.to)) / 2),
    values: buckets.map((b) => b.availability),
    span: first && last ? ([seconds(first.from), seconds(last.to)] as const) : undefined,
  };
}

const WASH_BUCKET_SECONDS: Record<WashBucket, number> = { hour: 3600, day: 86_400, week: 604_800 };

/**
 * Washes and expected washes per hour, day or week (docs/domain.md, Washes): each bar in the middle of its
 * bucket, gaps where no counter was read or no profile exists yet.
 */
export function washSeries(points: readonly WashPoint[], bucket: WashBucket) {
  const half = WASH_BUCKET_SECONDS[bucket] / 2;
  return {
    times: points.map((p) => seconds(p.at) + half),
    washes: points.map((p) => p.washes),
    expected: points.map((p) => p.expected),
  };
}

/** One attribute's readings: the average as the line, min and max as its band, the worst level per point. */
export function readingSeries(points: readonly ReadingPoint[]) {
  return {
    times: points.map((p) => seconds(p.at)),
    avg: points.map((p) => p.avg),
    min: points.map((p) => p.min),
    max: points.map((p) => p.max),
    levels: points.map((p): AttributeLevel => p.level),
    /** True when the values are not numbers (text attributes): only the levels can be drawn. */
    numeric: points.some((p) => p.avg != null),
  };
}

/** The warning and critical thresholds of a number attribute as lines, labelled `Kritisk > 90`. */
export function thresholdLines(
  attribute: Pick<StatisticsAttribute, 'operator' | 'thresholdWarning' | 'thresholdCritical'>,
  labels: Record<'warning' | 'critical', string>,
  formatValue: (value: number) => string,
): ThresholdLine<AttributeLevel>[] {
  const symbol = OPERATOR_SYMBOLS[attribute.operator as Operator];
  const lines: ThresholdLine<AttributeLevel>[] = [];
  if (attribute.thresholdCritical != null) {
    lines.push({
      level: 'critical',
      value: attribute.thresholdCritical,
      label: `${labels.critical} ${symbol} ${formatValue(attribute.thresholdCritical)}`,
    });
  }
  if (attribute.thresholdWarning != null) {
    lines.push({
      level: 'warning',
      value: attribute.thresholdWarning,
      label: `${labels.warning} ${symbol} ${formatValue(attribute.thresholdWarning)}`,
    });
  }
  return lines;
}

/** The API's points as the series of its three charts. */
export function apiSeries(points: readonly ApiStatsPoint[]) {
  return {
    times: points.map((p) => seconds(p.at)),
    checks: points.map((p) => p.checks),
    failures: points.map((p) => p.failures),
    successRate: points.map((p) => p.successRate),
    p50: points.map((p) => p.p50Ms),
    p95: points.map((p) => p.p95Ms),
  };
}

/** A text attribute's levels as timeline segments (each point's level lasts until the next point). */
export function segmentsOfLevels(
  series: Pick<ReturnType<typeof readingSeries>, 'times' | 'levels'>,
  end: number,
): TimelineSegment<AttributeLevel>[] {
  return segmentsFromPoints(series.times, series.levels, end);
}

/** The period a statistics answer covers, in Unix seconds ([0, 0] before it has loaded). */
export function periodSeconds(period: { from: string; to: string } | undefined): readonly [number, number] {
  return period ? [seconds(period.from), seconds(period.to)] : [0, 0];
}
