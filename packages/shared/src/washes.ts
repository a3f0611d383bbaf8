import { z } from 'zod';
import { idSchema } from './api';
import { timestampSchema } from './fields';

/* The washes a statistics answer holds (docs/domain.md, Washes; decision 034). */

/** Washes are charted per hour up to 3 days, per day up to 92 days, then per week (docs/domain.md, Washes). */
const WASH_BUCKETS = ['hour', 'day', 'week'] as const;
export type WashBucket = (typeof WASH_BUCKETS)[number];

export function washBucketForRange(from: Date, to: Date): WashBucket {
  const days = (to.getTime() - from.getTime()) / 86_400_000;
  if (days <= 3) return 'hour';
  if (days <= 92) return 'day';
  return 'week';
}

/**
 * Washes of a bay or several (docs/domain.md, Washes; decision 034), from its counter attributes. Each is
 * null ('Ingen data') when no bay has a counter, `expected` when no hour has a profile yet (fewer than 2
 * of the 4 same hours of the week before were up), `lost` when no error or maintenance period could be
 * valued. Whole washes.
 */
export const washFiguresSchema = z.object({
  washes: z.number().int().nullable(),
  expected: z.number().int().nullable(),
  lost: z.number().int().nullable(),
});
export type WashFigures = z.infer<typeof washFiguresSchema>;

const washPointSchema = z.object({
  /** The bucket's start (an hour, or 00:00 Norwegian time of a day or a week's Monday). */
  at: timestampSchema,
  /** Null: no counter read in the bucket. */
  washes: z.number().int().nullable(),
  /** Null: no hour of the bucket has a profile. */
  expected: z.number().int().nullable(),
});
export type WashPoint = z.infer<typeof washPointSchema>;

/** An error or maintenance period in the range with the washes it cost (tenths: a period may be short). */
const lostPeriodSchema = z.object({
  bayId: idSchema,
  bayName: z.string(),
  status: z.enum(['error', 'maintenance']),
  from: timestampSchema,
  to: timestampSchema,
  /** Null: an hour of it has no profile ('Ingen data'). */
  expected: z.number().nullable(),
  counted: z.number(),
  /** `max(0, expected − counted)`; null with `expected`. */
  lost: z.number().nullable(),
});
export type LostPeriod = z.infer<typeof lostPeriodSchema>;

export const washesAnswerSchema = z.object({
  figures: washFiguresSchema,
  bucket: z.enum(WASH_BUCKETS),
  points: z.array(washPointSchema),
  /** Newest first, at most 200; the figures count every period. */
  lostPeriods: z.array(lostPeriodSchema),
});
export type WashesAnswer = z.infer<typeof washesAnswerSchema>;
