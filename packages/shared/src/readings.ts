import { z } from 'zod';
import { idSchema, listResponse } from './api';
import { ATTRIBUTE_LEVELS } from './evaluation';
import { timestampSchema } from './fields';

/*
 * Stored readings of bay attributes (decision 007): raw readings when the value or level changed (or as a
 * heartbeat), rolled up per minute and per hour. Levels are stored as small numbers ordered by severity,
 * so "the worst level of a minute" is `max(level)`.
 */

/**
 * The default deadband of a number attribute: a reading is stored when it moved more than this percentage
 * of the last stored value (decision 022). A bay attribute may set its own (`deadbandPercent`, 0 = every
 * change); strings and booleans are stored on every change.
 */
export const DEFAULT_DEADBAND_PERCENT = 0.5;
export const MAX_DEADBAND_PERCENT = 100;

export const MAX_CHART_POINTS = 1000;
const READING_RESOLUTIONS = ['raw', 'minute', 'hour'] as const;

/**
 * `POST backend/bays/metrics/readings/get`: one bay attribute's values between `from` and `to` (default
 * the last 24 hours), downsampled on the server to at most `maxPoints` (≤ 1000). The resolution is the
 * finest kept for the whole range: raw, then minute, then hour rollups.
 */
export const getReadingsSchema = z.object({
  bayMetricId: idSchema,
  from: z.iso.datetime({ offset: true, error: 'Ugyldig tidspunkt' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'Ugyldig tidspunkt' }).optional(),
  maxPoints: z.number().int().min(10).max(MAX_CHART_POINTS).default(MAX_CHART_POINTS),
});

/** One point: bucket start, min/max/average of numeric values (null for text), readings, worst level. */
const readingPointSchema = z.object({
  at: timestampSchema,
  min: z.number().nullable(),
  max: z.number().nullable(),
  avg: z.number().nullable(),
  /** The last text value in the bucket, for string attributes. */
  text: z.string().nullable(),
  count: z.number().int(),
  level: z.enum(ATTRIBUTE_LEVELS),
});
export type ReadingPoint = z.infer<typeof readingPointSchema>;

export const getReadingsResponseSchema = listResponse(readingPointSchema).extend({
  resolution: z.enum(READING_RESOLUTIONS),
  bucketSeconds: z.number().int(),
});
