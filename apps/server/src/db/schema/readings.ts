import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bayMetrics } from './apis';

/*
 * Readings of bay attributes (decision 007). Narrow rows keyed by the attribute's `series` number; levels
 * as severity codes (shared LEVEL_CODES). Raw rows are written when the value or level changed, or as a
 * heartbeat; a periodic job (one instance at a time, advisory lock) rolls them up per minute and per hour
 * and prunes each tier after its retention. BRIN indexes on time keep pruning cheap.
 */

export const readings = pgTable(
  'readings',
  {
    series: integer('series')
      .notNull()
      .references(() => bayMetrics.series, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    /** Numbers as they are, booleans as 1/0; null for text and for no data. */
    value: doublePrecision('value'),
    text: text('text'),
    level: smallint('level').notNull(),
  },
  (t) => [
    index('readings_series_idx').on(t.series, t.readAt),
    index('readings_time_idx').using('brin', t.readAt),
  ],
);

/**
 * Rollups are one row per attribute and hour (minute tier) or per attribute and day (hour tier), with the
 * buckets in arrays: `slots` holds the minute of the hour (0–59) or the hour of the day (0–23, UTC) of each
 * entry, and the other arrays the figures at the same position. Only buckets with readings have an entry.
 * A row costs 2–5 times less than one row per bucket (decision 007), and each row is written once, when
 * its hour or day is complete. Fresh column builders per table: drizzle binds a builder to its table.
 */
const rollupColumns = () => ({
  series: integer('series')
    .notNull()
    .references(() => bayMetrics.series, { onDelete: 'cascade' }),
  /** Start of the hour (minute tier) or of the UTC day (hour tier). */
  bucket: timestamp('bucket', { withTimezone: true }).notNull(),
  slots: smallint('slots').array().notNull(),
  min: real('min').array().notNull(),
  max: real('max').array().notNull(),
  avg: real('avg').array().notNull(),
  count: integer('count').array().notNull(),
  worst: smallint('worst').array().notNull(),
  /** The last text value of each bucket, for string attributes only. */
  lastText: text('last_text').array(),
});

export const readingsMinute = pgTable('readings_minute', rollupColumns(), (t) => [
  primaryKey({ columns: [t.series, t.bucket] }),
  index('readings_minute_time_idx').using('brin', t.bucket),
]);

export const readingsHour = pgTable('readings_hour', rollupColumns(), (t) => [
  primaryKey({ columns: [t.series, t.bucket] }),
  index('readings_hour_time_idx').using('brin', t.bucket),
]);

/** How far each rollup tier has got: everything before `done_until` is rolled up. */
export const readingsRollupState = pgTable('readings_rollup_state', {
  tier: text('tier').primaryKey(),
  doneUntil: timestamp('done_until', { withTimezone: true }).notNull(),
});
