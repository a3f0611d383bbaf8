import { bigint, date, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bays } from './locations';

/**
 * A bay's figures over one whole Norwegian day (decision 023, the rollup): the sums `figuresSql` adds up,
 * computed by that same statement over the day and kept once the day can no longer change. Filled by the
 * statistics rollup job; a change to the bay's history (status periods, maintenance jobs, unusual marks)
 * deletes the days it may change, by triggers (migration 0034), and the job fills them again. A range's
 * figures add the leading run of kept whole days to the statement's answer over the rest.
 */
export const bayFigureDays = pgTable(
  'bay_figure_days',
  {
    bayId: uuid('bay_id')
      .notNull()
      .references(() => bays.id, { onDelete: 'cascade' }),
    /** The day in Europe/Oslo. */
    day: date('day').notNull(),
    /** The day's end (the next local midnight): a change before it may change the day. */
    dayEnd: timestamp('day_end', { withTimezone: true }).notNull(),
    // Seconds as whole microseconds (migration 0039): the statement's sums are exact to the microsecond, so a
    // range's kept days add up to its answer exactly, and bigint adds up faster than numeric.
    present: bigint('present', { mode: 'number' }).notNull(),
    observed: bigint('observed', { mode: 'number' }).notNull(),
    downtime: bigint('downtime', { mode: 'number' }).notNull(),
    operating: bigint('operating', { mode: 'number' }).notNull(),
    warning: bigint('warning', { mode: 'number' }).notNull(),
    failures: integer('failures').notNull(),
    warnings: integer('warnings').notNull(),
    repaired: integer('repaired').notNull(),
    repairSeconds: bigint('repair_seconds', { mode: 'number' }).notNull(),
    jobs: integer('jobs').notNull(),
    maintenance: bigint('maintenance', { mode: 'number' }).notNull(),
    unusual: integer('unusual').notNull(),
    /**
     * When the last repair of a failure begun that day ended (null: none began): a change at or before it
     * may change the day's repair time.
     */
    repairedUntil: timestamp('repaired_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.bayId, t.day] })],
);
