import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiMetrics, apis, bayMetrics, washes } from '../../db/schema';

/**
 * How far back the raw readings are read for the value before an hour's first reading: the heartbeat
 * (30 minutes, decision 022) puts a stored reading in every hour a counter is read, so 3 hours cover a
 * controller away for two. A counter first read, or read again after longer, counts its first reading as 0
 * (nothing says in which hours the increments happened). Each round reads this much more of the raw
 * readings of the APIs with counters than the hour it rolls up: 3 hours keep that to 4 hours' rows.
 */
const LOOKBACK = sql`interval '3 hours'`;

/**
 * docs/domain.md, Washes (decision 034): each counter attribute's washes in every UTC hour of `[from, to)`,
 * from the raw readings, in SQL: the sum of its increments between consecutive readings, an increment
 * counted in the hour of the later reading; a drop (the counter started over) counts the value after it.
 * One row per counter and hour it was read (0 washes included); an hour rolled up again is replaced.
 * Called by the minute rollup for the hours it rolls up, before the raw readings can be pruned.
 */
export async function rollUpWashes(tx: Db, from: Date, to: Date): Promise<number> {
  const result = await tx.execute(sql`
    with counters as (
      select m.series, a.key as api
      from ${bayMetrics} m
      join ${apiMetrics} am on am.id = m.api_metric_id
      join ${apis} a on a.id = am.api_id
      where m.type = 'counter'
    ),
    raw as (
      select u.series, r.read_at, coalesce(u.exact, u.value::text::float8) as value
      from readings r
      cross join lateral unnest(r.series, r.value, r.exact) as u(series, value, exact)
      where r.api in (select api from counters) and r.read_at >= ${from}::timestamptz - ${LOOKBACK}
        and r.read_at < ${to} and u.series in (select series from counters)
    ),
    steps as (
      select series, read_at, value, lag(value) over (partition by series order by read_at) as before
      from raw where value is not null
    )
    insert into ${washes} (series, hour, washes)
    select series, date_trunc('hour', read_at at time zone 'UTC') at time zone 'UTC',
      round(sum(case when before is null then 0 when value >= before then value - before else value end))::int
    from steps
    where read_at >= ${from}
    group by 1, 2
    on conflict (series, hour) do update set washes = excluded.washes`);
  return result.rowCount ?? 0;
}

/**
 * Hours of washes worked out elsewhere, as `rollUpWashes` would have written them from raw readings that are
 * not kept (the demo's past, decision 008): one statement over arrays, an hour written again replaced.
 */
export async function insertWashes(
  tx: Db,
  rows: ReadonlyArray<{ series: number; hour: Date; washes: number }>,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into ${washes} (series, hour, washes)
    select * from unnest(${sql.param(rows.map((r) => r.series))}::int[],
      ${sql.param(rows.map((r) => r.hour.toISOString()))}::timestamptz[], ${sql.param(rows.map((r) => r.washes))}::int[])
    on conflict (series, hour) do update set washes = excluded.washes`);
}
