import { STATISTICS_TIME_ZONE } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import { bayFigureDays, bayStatusPeriods, bays } from '../../db/schema';
import { createRepeatingJob } from '../../lib/repeating-job';
import { dayStart, KEPT_SUMS, SUMS, windowFigures } from './figures.repository';

/**
 * Held exclusively while a batch of days is computed and written; the triggers of migration 0034 take it
 * shared for a change more than an hour back, so a day is never kept as it was before such a change.
 */
const FIGURE_DAYS_LOCK = 727_401;
/** Days back the rollup keeps: a range is at most 400 days; days before are computed from the periods. */
const DAYS_KEPT = 400;
/** Bays a transaction fills. */
const BATCH = 200;
/** A sweep over every bay this often (a day is kept about two hours after it ends). */
const EVERY_MS = 60 * 60 * 1000;

/**
 * Computes and keeps the missing whole days of `bayIds` (decision 023, the rollup) with the figures'
 * own definition (`windowFigures`, one window a day): from the bay's first period, at most `DAYS_KEPT`
 * back, to its last (a deleted bay's end) or the last day that ended two hours ago. A day in which a
 * failure began that was not repaired two hours ago is left out (its repair time may still change);
 * the next sweep tries it again. The rows written.
 */
export async function fillFigureDays(db: Db, bayIds: string[]): Promise<number> {
  const tz = STATISTICS_TIME_ZONE;
  const p = bayStatusPeriods;
  const k = bayFigureDays;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIGURE_DAYS_LOCK})`);
    // The statement's estimate is high enough for PostgreSQL to compile it (JIT), which took 1.4 s of a
    // batch's 1.5 s on the bench database: the work itself is index probes over a few thousand rows.
    await tx.execute(sql`set local jit = off`);
    // Prepared (one text, the bays as one array): planning it took longer than running it, about 11 ms a
    // batch of a sweep that finds nothing to add (750 batches an hour at 150,000 bays, issue 28).
    const result = await queryPrepared(
      tx,
      'vd_figure_days',
      sql`
      with settled as (select now() - interval '2 hours' as at),
      days as (
        select ids.bay_id, d.day::date as day
        from unnest(${sql.param(bayIds)}::uuid[]) as ids(bay_id)
        cross join settled
        cross join lateral (select min(${p.startedAt}) as first from ${p} where ${p.bayId} = ids.bay_id) s
        cross join lateral (
          select coalesce(${p.endedAt}, 'infinity') as last from ${p} where ${p.bayId} = ids.bay_id
          order by ${p.endedAt} desc nulls first limit 1
        ) e
        cross join lateral (select array_agg(${k.day}) as kept from ${k} where ${k.bayId} = ids.bay_id) k
        cross join lateral generate_series(
          greatest((s.first at time zone ${tz})::date, (settled.at at time zone ${tz})::date - ${DAYS_KEPT}::int),
          least((settled.at at time zone ${tz})::date - 1, (e.last at time zone ${tz})::date),
          interval '1 day'
        ) d(day)
        -- Per bay, not as an anti-join: the planner would sort every kept day of every bay for it.
        where k.kept is null or d.day::date <> all(k.kept)
      ),
      windows as (
        select bay_id, ${dayStart(sql`day`)} as w_from, ${dayStart(sql`day + 1`)} as w_to from days
      ),
      ${windowFigures()}
      insert into ${k} (bay_id, day, day_end, ${SUMS}, repaired_until)
      select bay_id, (w_from at time zone ${tz})::date, w_to, ${KEPT_SUMS}, repaired_until
      from window_figures, settled
      where repaired_until is null or repaired_until <= settled.at
      on conflict (bay_id, day) do nothing`,
    );
    return result.rowCount ?? 0;
  });
}

/**
 * The rollup job: every hour (and soon after start) a sweep over every bay, deleted ones too, `BATCH` at
 * a time in id order, keeps the whole days not kept yet (`fillFigureDays`): the history at the first
 * sweep, after that the day that ended and the days a change to the history made it forget.
 */
export function createFigureDaysRollup(deps: { db: Db; log: Pick<Logger, 'info' | 'error'> }) {
  /** Set by stop(): a sweep by hand ends early too, so closing never waits for a whole history. */
  let closing = false;

  /** One sweep; the days written. Ends early (between batches) once the job is stopping. */
  async function runOnce(): Promise<number> {
    let written = 0;
    let after: string | null = null;
    for (;;) {
      const { rows }: { rows: { id: string }[] } = await deps.db.execute<{ id: string }>(
        sql`select ${bays.id} as id from ${bays} ${after ? sql`where ${bays.id} > ${after}` : sql``}
            order by ${bays.id} limit ${BATCH}`,
      );
      const last = rows.at(-1);
      if (!last || closing) return written;
      written += await fillFigureDays(
        deps.db,
        rows.map((row) => row.id),
      );
      after = last.id;
    }
  }

  const job = createRepeatingJob({
    round: async () => {
      const written = await runOnce();
      if (written > 0) deps.log.info({ days: written }, 'statistikk: hele døgn regnet ut og lagret');
    },
    // Instances started together spread their sweeps.
    firstDelayMs: () => 10_000 + Math.random() * 20_000,
    nextDelayMs: () => EVERY_MS,
    retryDelayMs: EVERY_MS,
    onError: (err) => deps.log.error({ err }, 'utregning av statistikk per døgn feilet'),
  });

  return {
    runOnce,
    start() {
      closing = false;
      job.start();
    },
    async stop() {
      closing = true;
      await job.stop();
    },
  };
}
