import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Readings of bay attributes (decision 022, replacing 007). The three tiers are partitioned tables that
 * drizzle-kit cannot describe, so they are made by hand-written SQL in migrations 0016_compact_readings and
 * 0017_packed_rollups and queried with SQL in modules/readings:
 * - `readings` (raw): one row per check of an API (`api` = `apis.key`, `read_at`) with the check's stored
 *   readings in parallel arrays (`series int4[]`, `value real[]`, `exact float8[]` for the rare value
 *   that needs more than six significant digits, `level bytea` of severity codes, `text text[]` only when
 *   there is text); partitioned by UTC day.
 * - `readings_minute` / `readings_hour`: one row per API and hour / per API and UTC day, its series'
 *   buckets packed in one `data bytea` (modules/readings/rollup-codec.ts); partitioned by UTC day / month.
 * Each has a DEFAULT partition so an insert never fails for a missing one; the maintenance job creates
 * partitions ahead, moves anything that landed in the default partition out, and drops whole partitions
 * past their retention.
 */

/** How far each rollup tier has got: everything before `done_until` is rolled up. */
export const readingsRollupState = pgTable('readings_rollup_state', {
  tier: text('tier').primaryKey(),
  doneUntil: timestamp('done_until', { withTimezone: true }).notNull(),
});

/**
 * Washes per counter attribute and UTC hour (docs/domain.md, Washes; decision 034): the sum of the
 * counter's positive increments over the raw readings of the hour, a drop counting the value after it
 * (the counter started over at 0). Written by the minute-tier rollup from the raw readings before they are
 * pruned; a row exists for every hour the counter was read, 0 washes included, so "no row" means "not
 * read". `series` is `bay_metrics.series`; pruned with the hour tier.
 */
export const washes = pgTable(
  'washes',
  {
    series: integer('series').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    washes: integer('washes').notNull(),
  },
  (t) => [primaryKey({ name: 'washes_pk', columns: [t.series, t.hour] })],
);
