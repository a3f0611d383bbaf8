import {
  API_MESSAGES,
  type ApiStats,
  type ApiStatsPoint,
  type AvailabilityReport,
  type AvailabilityReportInput,
  type AvailabilityReportRow,
  BAY_MESSAGES,
  type BayStatsInput,
  type BayStatsWire,
  bucketForRange,
  encodeTimeline,
  LATENCY_BUCKETS,
  LOCATION_MESSAGES,
  type LocationStatsWire,
  latencyPercentile,
  MAX_TIMELINE_SEGMENTS,
  type MaintenanceStats,
} from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { Viewer } from '../../plugins/authenticate';
import { addFigures, figuresByBay, percent, type Range, toFigures } from './figures.repository';
import {
  alertCounts,
  alertMarkers,
  availabilityBuckets,
  baysOfLocations,
  checkHours,
  failuresByReason,
  findVisibleApi,
  findVisibleBay,
  findVisibleLocation,
  type HourRow,
  maintenanceByType,
  maintenanceMarkers,
  statisticsAttributes,
  timelineSpans,
  visibleLocations,
} from './statistics.repository';
import { downsampleTimeline } from './timeline';
import { addWashFigures, washFiguresByBay } from './washes.repository';
import { NO_WASHES, washesOf } from './washes-answers';

// The statistics answers, each read through `db`: the one bounded transaction of `createStatisticsService`.

export type RangeInput = { from: string; to: string };

const HOUR_MS = 3_600_000;
/** Hours per point of an API's series: the smallest that keeps a range within `MAX_TIMELINE_SEGMENTS` points. */
const POINT_HOURS = [1, 2, 3, 6, 12, 24];

export function rangeOf(input: RangeInput): Range {
  return { from: new Date(input.from), to: new Date(input.to) };
}

function rangeAnswer(range: Range) {
  return { from: range.from.toISOString(), to: range.to.toISOString() };
}

const msRange = (range: Range) => ({ from: range.from.getTime(), to: range.to.getTime() });

/** Hourly rows added up into one point: sums, the worst hour's maximum and the merged histogram. */
function checkPoint(at: number, hours: HourRow[]): ApiStatsPoint {
  const histogram = new Array<number>(LATENCY_BUCKETS).fill(0);
  let checks = 0;
  let failures = 0;
  let durationSum = 0;
  let max = 0;
  for (const hour of hours) {
    checks += hour.checks;
    failures += hour.failures;
    durationSum += hour.durationSumMs;
    max = Math.max(max, hour.durationMaxMs);
    hour.histogram.forEach((count, i) => {
      histogram[i] = (histogram[i] ?? 0) + count;
    });
  }
  return {
    at: new Date(at).toISOString(),
    checks,
    failures,
    successRate: percent(checks - failures, checks),
    averageMs: checks > 0 ? Math.round(durationSum / checks) : null,
    p50Ms: latencyPercentile(histogram, 0.5, max),
    p95Ms: latencyPercentile(histogram, 0.95, max),
    maxMs: checks > 0 ? max : null,
  };
}

async function mustFindBay(db: Db, viewer: Viewer, bayId: string) {
  const bay = await findVisibleBay(db, viewer, bayId);
  if (!bay) throw new NotFoundError(BAY_MESSAGES.notFound);
  return bay;
}

async function mustFindLocation(db: Db, viewer: Viewer, locationId: string) {
  const location = await findVisibleLocation(db, viewer, locationId);
  if (!location) throw new NotFoundError(LOCATION_MESSAGES.notFound);
  return location;
}

/** docs/domain.md, Statistics: one bay over the range, with its timeline and markers. */
export async function bayStats(
  db: Db,
  viewer: Viewer,
  input: BayStatsInput,
): Promise<{ data: BayStatsWire }> {
  const found = await mustFindBay(db, viewer, input.bayId);
  const range = rangeOf(input);
  const bucket = input.bucket ?? bucketForRange(range.from, range.to);
  // One after the other: the reads share one connection (`heavy`).
  const figures = await figuresByBay(db, [found.id], range);
  const spans = await timelineSpans(db, [found.id], range);
  const buckets = await availabilityBuckets(db, found.id, range, bucket);
  const alerts = await alertMarkers(db, found.id, range);
  const maintenance = await maintenanceMarkers(db, found.id, range);
  const attributes = await statisticsAttributes(db, found.id);
  const { byBay: _byBay, ...washes } = await washesOf(db, [found], range);
  return {
    data: {
      ...rangeAnswer(range),
      bucket,
      bay: found,
      figures: toFigures(addFigures(figures.values())),
      timeline: encodeTimeline(
        downsampleTimeline(spans.get(found.id) ?? [], msRange(range)),
        range.from.getTime(),
      ),
      availability: buckets.map((b) => ({
        from: b.from.toISOString(),
        to: b.to.toISOString(),
        observedSeconds: Math.round(b.observed),
        downtimeSeconds: Math.round(b.downtime),
        availability: percent(b.observed - b.downtime, b.observed),
      })),
      alerts,
      maintenance,
      attributes,
      washes,
    },
  };
}

/** A facility over the range: its bays ranked worst first, their timelines, alerts and maintenance. */
export async function locationStats(
  db: Db,
  viewer: Viewer,
  input: RangeInput & { locationId: string },
): Promise<{ data: LocationStatsWire }> {
  const found = await mustFindLocation(db, viewer, input.locationId);
  const range = rangeOf(input);
  const allBays = await baysOfLocations(db, [found.id]);
  const ids = allBays.map((b) => b.id);
  const figures = await figuresByBay(db, ids, range);
  const spans = await timelineSpans(db, ids, range);
  const alerts = await alertCounts(db, found.id, range);
  const byType = await maintenanceByType(db, ids, range);
  // docs/domain.md, Statistics: every bay that existed in the range, monitored or not.
  const existed = allBays.filter((b) => (figures.get(b.id)?.present ?? 0) > 0);
  const { byBay, ...washes } = await washesOf(db, existed, range);
  const rows = existed.map((b) => ({
    bayId: b.id,
    bayName: b.name,
    deleted: b.deletedAt !== null,
    ...toFigures(figures.get(b.id) ?? addFigures([])),
  }));
  // Worst first: lowest availability (none observed, 'Ingen data', last), then most downtime.
  const rank = (row: { availability: number | null }) => row.availability ?? Number.POSITIVE_INFINITY;
  rows.sort((a, b) => rank(a) - rank(b) || b.downtimeSeconds - a.downtimeSeconds);
  return {
    data: {
      ...rangeAnswer(range),
      location: found,
      figures: toFigures(addFigures(figures.values())),
      bays: rows,
      timeline: existed.map((b) => ({
        bayId: b.id,
        bayName: b.name,
        segments: encodeTimeline(
          downsampleTimeline(spans.get(b.id) ?? [], msRange(range)),
          range.from.getTime(),
        ),
      })),
      alertCounts: alerts,
      maintenanceByType: byType,
      washes: {
        ...washes,
        bays: existed.flatMap((b) => {
          const own = byBay.get(b.id);
          return own ? [{ bayId: b.id, bayName: b.name, ...own }] : [];
        }),
      },
    },
  };
}

/** An API connection's checks per hour (or per several hours), latency percentiles and failure reasons. */
export async function apiStats(
  db: Db,
  viewer: Viewer,
  input: RangeInput & { apiId: string },
): Promise<{ data: ApiStats }> {
  const found = await findVisibleApi(db, viewer, input.apiId);
  if (!found) throw new NotFoundError(API_MESSAGES.notFound);
  const range = rangeOf(input);
  const hours = await checkHours(db, found.id, range);
  const reasons = await failuresByReason(db, found.id, range);
  const rangeHours = (range.to.getTime() - range.from.getTime()) / HOUR_MS;
  const pointHours = POINT_HOURS.find((h) => rangeHours / h <= MAX_TIMELINE_SEGMENTS) ?? 24;
  const pointMs = pointHours * HOUR_MS;
  const groups = new Map<number, HourRow[]>();
  for (const hour of hours) {
    const at = Math.floor(hour.hour.getTime() / pointMs) * pointMs;
    const group = groups.get(at);
    if (group) group.push(hour);
    else groups.set(at, [hour]);
  }
  const total = checkPoint(range.from.getTime(), hours);
  return {
    data: {
      ...rangeAnswer(range),
      api: found,
      bucketSeconds: pointMs / 1000,
      points: [...groups].map(([at, group]) => checkPoint(at, group)),
      totals: {
        checks: total.checks,
        failures: total.failures,
        successRate: total.successRate,
        p50Ms: total.p50Ms,
        p95Ms: total.p95Ms,
      },
      failuresByReason: reasons,
    },
  };
}

/** The facilities of a report: those asked for (or all the caller sees), by name; 404 for one not seen. */
export async function reportLocations(db: Db, viewer: Viewer, input: AvailabilityReportInput) {
  const asked = [...new Set(input.locationIds ?? [])];
  const seen = await visibleLocations(db, viewer, asked);
  if (seen.length < asked.length) throw new NotFoundError(LOCATION_MESSAGES.notFound);
  return seen;
}

export type ReportLocation = Awaited<ReturnType<typeof reportLocations>>[number];

/**
 * The report's rows of these facilities (in their order): every bay that existed in the range, in its
 * facility's order; and the raw figures of all their bays together, for the total.
 */
export async function reportRows(db: Db, locations: ReportLocation[], range: Range) {
  const allBays = await baysOfLocations(
    db,
    locations.map((l) => l.id),
  );
  const ids = allBays.map((b) => b.id);
  const figures = await figuresByBay(db, ids, range);
  const washes = await washFiguresByBay(db, ids, range);
  const names = new Map(locations.map((l, index) => [l.id, { name: l.name, index }]));
  const rows = allBays
    .filter((b) => (figures.get(b.id)?.present ?? 0) > 0)
    .sort((a, b) => (names.get(a.locationId)?.index ?? 0) - (names.get(b.locationId)?.index ?? 0))
    .map(
      (b): AvailabilityReportRow => ({
        locationId: b.locationId,
        locationName: names.get(b.locationId)?.name ?? '',
        bayId: b.id,
        bayName: b.name,
        deleted: b.deletedAt !== null,
        ...toFigures(figures.get(b.id) ?? addFigures([])),
        washes: washes.get(b.id) ?? NO_WASHES,
      }),
    );
  return { rows, figures: addFigures(figures.values()) };
}

/** Every bay of the facilities asked for (or all the caller sees) that existed in the range. */
export async function availabilityReport(
  db: Db,
  viewer: Viewer,
  input: AvailabilityReportInput,
): Promise<{ data: AvailabilityReport }> {
  const range = rangeOf(input);
  const { rows, figures } = await reportRows(db, await reportLocations(db, viewer, input), range);
  return {
    data: {
      ...rangeAnswer(range),
      rows,
      total: toFigures(figures),
      totalWashes: addWashFigures(rows.map((row) => row.washes)),
    },
  };
}

/**
 * `backend/bays/maintenance/stats` (docs/domain.md, Statistics): the figures of a bay or a whole
 * facility, deleted bays included, in the maintenance contract's shape.
 */
export async function maintenanceStats(
  db: Db,
  viewer: Viewer,
  input: RangeInput & { bayId?: string; locationId?: string },
): Promise<{ data: MaintenanceStats }> {
  const ids = input.bayId
    ? [(await mustFindBay(db, viewer, input.bayId)).id]
    : (await baysOfLocations(db, [(await mustFindLocation(db, viewer, input.locationId as string)).id])).map(
        (b) => b.id,
      );
  const range = rangeOf(input);
  const figures = toFigures(addFigures((await figuresByBay(db, ids, range)).values()));
  return {
    data: {
      ...rangeAnswer(range),
      downtimeSeconds: figures.downtimeSeconds,
      operatingSeconds: figures.operatingSeconds,
      jobs: figures.jobs,
      failures: figures.failures,
      mttrSeconds: figures.mttrSeconds,
      mtbfSeconds: figures.mtbfSeconds,
    },
  };
}
