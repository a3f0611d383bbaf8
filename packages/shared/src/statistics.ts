import { z } from 'zod';
import { dataResponse, idSchema } from './api';
import { operatorSchema, valueTypeSchema } from './evaluation';
import { timestampSchema } from './fields';
import { MAINTENANCE_TYPES } from './maintenance';
import { decodeTimeline, type TimelineSegment, timelineWireSchema } from './status-timeline';
import { washesAnswerSchema, washFiguresSchema } from './washes';

/*
 * Statistics of bays, facilities and API connections, and the availability report (docs/domain.md,
 * Statistics; decision 023). Every figure is computed in SQL from status periods, alerts,
 * maintenance jobs and the hourly check statistics; charts never receive more than about 1,000 points.
 */

// The parts with a file of their own are exported from here too: the package's importers need not know where.
export { LATENCY_BUCKETS, latencyBucket, latencyHistogramOf, latencyPercentile } from './latency-histogram';
export { decodeTimeline, encodeTimeline, type TimelineSegment } from './status-timeline';
export {
  type LostPeriod,
  type WashBucket,
  type WashesAnswer,
  type WashFigures,
  type WashPoint,
  washBucketForRange,
} from './washes';

export const STATISTICS_MESSAGES = {
  timeInvalid: 'Ugyldig tidspunkt',
  rangeInvalid: 'Fra må være før til',
  rangeTooLong: 'Perioden kan ikke være lenger enn 400 dager',
  bucketInvalid: 'Velg dag, uke eller måned',
  locationsTooMany: 'Velg høyst 500 anlegg',
  timeout: 'Beregningen tok for lang tid og ble avbrutt',
  timeoutHint: 'Velg en kortere periode eller færre anlegg, eller prøv igjen om litt.',
} as const;

export const STATISTICS_ERROR_CODES = {
  /** A statement of the answer ran past the statistics time budget (503, decision 029). */
  timeout: 'statistics/timeout',
} as const;

/** The longest range a statistics request may ask for. */
const MAX_STATISTICS_DAYS = 400;
/** At most this many segments per timeline row and points per series reach a chart. */
export const MAX_TIMELINE_SEGMENTS = 1000;
const MAX_REPORT_LOCATIONS = 500;

/** Availability is grouped per day, week or month in Norwegian local time (weeks start on Monday). */
export const STATISTICS_BUCKETS = ['day', 'week', 'month'] as const;
export type StatisticsBucket = (typeof STATISTICS_BUCKETS)[number];
export const STATISTICS_TIME_ZONE = 'Europe/Oslo';

/** The bucket a range gets when the request names none: days up to 45 days, weeks up to 200, then months. */
export function bucketForRange(from: Date, to: Date): StatisticsBucket {
  const days = (to.getTime() - from.getTime()) / 86_400_000;
  if (days <= 45) return 'day';
  if (days <= 200) return 'week';
  return 'month';
}

const isoTime = z.iso.datetime({ offset: true, error: STATISTICS_MESSAGES.timeInvalid });

/** `from < to`, at most `MAX_STATISTICS_DAYS` apart. */
function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx) {
  const from = Date.parse(value.from);
  const to = Date.parse(value.to);
  if (from >= to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: STATISTICS_MESSAGES.rangeInvalid });
  } else if (to - from > MAX_STATISTICS_DAYS * 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: STATISTICS_MESSAGES.rangeTooLong });
  }
}

const rangeFields = { from: isoTime, to: isoTime };
const bucketField = z.enum(STATISTICS_BUCKETS, { error: STATISTICS_MESSAGES.bucketInvalid }).optional();

/** `POST backend/bays/stats/get`. `bucket` defaults to `bucketForRange`. */
export const bayStatsSchema = z
  .object({ bayId: idSchema, ...rangeFields, bucket: bucketField })
  .superRefine(checkRange);
export type BayStatsInput = z.input<typeof bayStatsSchema>;

/** `POST backend/locations/stats/get`. */
export const locationStatsSchema = z.object({ locationId: idSchema, ...rangeFields }).superRefine(checkRange);

/** `POST backend/apis/stats/get`. */
export const apiStatsSchema = z.object({ apiId: idSchema, ...rangeFields }).superRefine(checkRange);

/**
 * `POST backend/reports/availability/get` and `…/export` (CSV): `locationIds` empty means every facility
 * the caller sees; naming one the caller may not see answers 404.
 */
export const availabilityReportSchema = z
  .object({
    locationIds: z
      .array(idSchema, { error: 'Ugyldig liste med anlegg' })
      .max(MAX_REPORT_LOCATIONS, STATISTICS_MESSAGES.locationsTooMany)
      .default([]),
    ...rangeFields,
  })
  .superRefine(checkRange);
export type AvailabilityReportInput = z.input<typeof availabilityReportSchema>;

/**
 * The figures of a bay, a facility or the chain over a range (docs/domain.md, Statistics). Periods count
 * clipped to `[from, min(to, now)]`, and only while the bay was monitored (an evaluated attribute had a
 * level): a bay that never was in the range has every time 0 and `availability` null ('Ingen data').
 */
const figuresSchema = z.object({
  /** Seconds monitored in the range (a bay created mid-range counts from its first monitored period). */
  observedSeconds: z.number().int(),
  /** Monitored seconds in `error`, `inactive` or `maintenance`. */
  downtimeSeconds: z.number().int(),
  /** Monitored seconds in `operational`. */
  operatingSeconds: z.number().int(),
  /** Monitored seconds in `warning` (available: a warning bay washes cars). */
  warningSeconds: z.number().int(),
  /** `(observed − downtime) / observed` in percent; null when nothing was observed. */
  availability: z.number().nullable(),
  /** Failures (errors, maintenance and no data in them included) that began in the range. */
  failures: z.number().int(),
  /** Warnings that began in the range from an `operational` bay; never failures. */
  warnings: z.number().int(),
  /** Mean seconds from a failure's start until available again; null with no repaired failure. */
  mttrSeconds: z.number().int().nullable(),
  /** Available seconds (observed − downtime) per failure; null with no failure. */
  mtbfSeconds: z.number().int().nullable(),
  /** Maintenance jobs started in the range. */
  jobs: z.number().int(),
  /** Seconds of maintenance jobs inside the range (a running job until now). */
  maintenanceSeconds: z.number().int(),
  /**
   * Unusual marks ('Uvanlig') that began in the range: a stretch of one attribute's checks marked unusual
   * counts once. Null ('Ingen data') for a bay not monitored in the range or without a number or counter
   * attribute (nothing that foresight models); several bays add up those that have the figure.
   */
  unusualMarks: z.number().int().nullable(),
});
export type Figures = z.infer<typeof figuresSchema>;

/**
 * One day, week or month of a bay's availability: the whole calendar bucket in Norwegian time (`from` its
 * start at 00:00), measured over the monitored time inside it and the range (docs/domain.md, Statistics).
 */
const availabilityBucketSchema = z.object({
  from: timestampSchema,
  to: timestampSchema,
  observedSeconds: z.number().int(),
  downtimeSeconds: z.number().int(),
  /** Percent; null when nothing of the bucket was observed (before the bay existed, not monitored, future). */
  availability: z.number().nullable(),
});
export type AvailabilityBucket = z.infer<typeof availabilityBucketSchema>;

const alertMarkerSchema = z.object({
  id: idSchema,
  bayMetricId: idSchema.nullable(),
  attributeName: z.string(),
  /** The level it has now (or had when it was resolved). */
  level: z.enum(['critical', 'warning']),
  openedAt: timestampSchema,
  resolvedAt: timestampSchema.nullable(),
  inMaintenance: z.boolean(),
});
export type AlertMarker = z.infer<typeof alertMarkerSchema>;

const maintenanceMarkerSchema = z.object({
  id: idSchema,
  type: z.enum(MAINTENANCE_TYPES),
  startedAt: timestampSchema,
  endedAt: timestampSchema.nullable(),
  /** The assignee's name (a user or a custom person). */
  assigneeName: z.string().nullable(),
  /** Who started it. */
  enabledByName: z.string().nullable(),
});
export type MaintenanceMarker = z.infer<typeof maintenanceMarkerSchema>;

/** A bay attribute as a chart needs it: its values come from `backend/bays/metrics/readings/get`. */
const statisticsAttributeSchema = z.object({
  /** The bay attribute's id (`bayMetricId` of the readings endpoint). */
  id: idSchema,
  /** The API attribute's name. */
  name: z.string(),
  type: valueTypeSchema,
  operator: operatorSchema,
  /** Thresholds as numbers for a number attribute (null when blank or not a number attribute). */
  thresholdWarning: z.number().nullable(),
  thresholdCritical: z.number().nullable(),
  /**
   * The display name (docs/domain.md, Words: the bay attribute's own, else its API attribute's default);
   * null when neither is set, and the chart is titled with `name` and the path as before.
   */
  displayName: z.string().nullable(),
  unit: z.string().nullable(),
  /** The words a boolean attribute's chart labels its two steps with; null: 'Ja' and 'Nei'. */
  trueLabel: z.string().nullable(),
  falseLabel: z.string().nullable(),
});
export type StatisticsAttribute = z.infer<typeof statisticsAttributeSchema>;

const rangeAnswer = { from: timestampSchema, to: timestampSchema };

const bayStatsWireSchema = z.object({
  ...rangeAnswer,
  bucket: z.enum(STATISTICS_BUCKETS),
  bay: z.object({ id: idSchema, name: z.string(), locationId: idSchema, locationName: z.string() }),
  figures: figuresSchema,
  /** In columns (`decodeBayStats`). */
  timeline: timelineWireSchema,
  availability: z.array(availabilityBucketSchema),
  /** Alerts open at some time in the range (at most 500, newest first). */
  alerts: z.array(alertMarkerSchema),
  /** Maintenance jobs running at some time in the range (at most 500, newest first). */
  maintenance: z.array(maintenanceMarkerSchema),
  attributes: z.array(statisticsAttributeSchema),
  washes: washesAnswerSchema,
});

/** The answer of `POST backend/bays/stats/get` as sent: its timeline in columns. */
export const bayStatsResponseSchema = dataResponse(bayStatsWireSchema);
export type BayStatsWire = z.infer<typeof bayStatsWireSchema>;
/** A bay's statistics as the browser uses them (`decodeBayStats`). */
export type BayStats = Omit<BayStatsWire, 'timeline'> & { timeline: TimelineSegment[] };

export function decodeBayStats(wire: BayStatsWire): BayStats {
  return { ...wire, timeline: decodeTimeline(wire.timeline, wire.from) };
}

const bayFiguresSchema = figuresSchema.extend({
  bayId: idSchema,
  bayName: z.string(),
  /** Deleted since: still counted for the time it existed. */
  deleted: z.boolean(),
});
export type BayFigures = z.infer<typeof bayFiguresSchema>;

const locationStatsWireSchema = z.object({
  ...rangeAnswer,
  location: z.object({ id: idSchema, name: z.string() }),
  /** The facility as a whole (every bay it had in the range). */
  figures: figuresSchema,
  /**
   * Every bay that existed in the range, worst first: lowest availability, then most downtime; bays not
   * monitored in it (availability null) last.
   */
  bays: z.array(bayFiguresSchema),
  /** One row per bay (in the facility's bay order), each downsampled like a bay's timeline, in columns. */
  timeline: z.array(z.object({ bayId: idSchema, bayName: z.string(), segments: timelineWireSchema })),
  /** Alerts opened in the range, per level. */
  alertCounts: z.object({ critical: z.number().int(), warning: z.number().int() }),
  /** Maintenance time inside the range and jobs started in it, per type. */
  maintenanceByType: z.array(
    z.object({ type: z.enum(MAINTENANCE_TYPES), seconds: z.number().int(), jobs: z.number().int() }),
  ),
  /** The facility's washes (every bay together) and, per bay with a counter, its figures. */
  washes: washesAnswerSchema.extend({
    bays: z.array(washFiguresSchema.extend({ bayId: idSchema, bayName: z.string() })),
  }),
});

/** The answer of `POST backend/locations/stats/get` as sent: each bay's timeline in columns. */
export const locationStatsResponseSchema = dataResponse(locationStatsWireSchema);
export type LocationStatsWire = z.infer<typeof locationStatsWireSchema>;
/** A facility's statistics as the browser uses them (`decodeLocationStats`). */
export type LocationStats = Omit<LocationStatsWire, 'timeline'> & {
  timeline: { bayId: string; bayName: string; segments: TimelineSegment[] }[];
};

export function decodeLocationStats(wire: LocationStatsWire): LocationStats {
  return {
    ...wire,
    timeline: wire.timeline.map((row) => ({ ...row, segments: decodeTimeline(row.segments, wire.from) })),
  };
}

const apiStatsPointSchema = z.object({
  /** Start of the bucket (an hour, or several hours for long ranges: see `bucketSeconds`). */
  at: timestampSchema,
  checks: z.number().int(),
  failures: z.number().int(),
  /** Percent of checks that succeeded; null without checks. */
  successRate: z.number().nullable(),
  averageMs: z.number().int().nullable(),
  /** Estimated from the latency histogram (decision 023); null without histogram data. */
  p50Ms: z.number().int().nullable(),
  p95Ms: z.number().int().nullable(),
  maxMs: z.number().int().nullable(),
});
export type ApiStatsPoint = z.infer<typeof apiStatsPointSchema>;

export const apiStatsResponseSchema = dataResponse(
  z.object({
    ...rangeAnswer,
    api: z.object({ id: idSchema, name: z.string() }),
    /** 3600 up to 1,000 hours; longer ranges group several hours so a series keeps ≤ 1,000 points. */
    bucketSeconds: z.number().int(),
    points: z.array(apiStatsPointSchema),
    totals: z.object({
      checks: z.number().int(),
      failures: z.number().int(),
      successRate: z.number().nullable(),
      p50Ms: z.number().int().nullable(),
      p95Ms: z.number().int().nullable(),
    }),
    /** Failed checks in the range by error code, most first, from the check log (kept 30 days). */
    failuresByReason: z.array(
      z.object({
        errorCode: z.string(),
        /** The latest Norwegian message logged with that code. */
        message: z.string(),
        count: z.number().int(),
      }),
    ),
  }),
);
export type ApiStats = z.infer<typeof apiStatsResponseSchema>['data'];

const availabilityReportRowSchema = figuresSchema.extend({
  locationId: idSchema,
  locationName: z.string(),
  bayId: idSchema,
  bayName: z.string(),
  deleted: z.boolean(),
  /** The bay's washes over the range (null: no counter, or no profile for `expected` and `lost`). */
  washes: washFiguresSchema,
});
export type AvailabilityReportRow = z.infer<typeof availabilityReportRowSchema>;

export const availabilityReportResponseSchema = dataResponse(
  z.object({
    ...rangeAnswer,
    /** One row per bay that existed in the range, by facility name, then bay name. */
    rows: z.array(availabilityReportRowSchema),
    /** The chain: every row together. */
    total: figuresSchema,
    /** The chain's washes: the sums over the bays that have each figure. */
    totalWashes: washFiguresSchema,
  }),
);
export type AvailabilityReport = z.infer<typeof availabilityReportResponseSchema>['data'];
