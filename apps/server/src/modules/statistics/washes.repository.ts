import { STATISTICS_TIME_ZONE, type WashBucket } from '@vaskedrift/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bayMetrics, bayStatusPeriods, washes } from '../../db/schema';
import { type Range, rangeSql } from './figures.repository';

/*
 * Washes, expected washes and washes lost to downtime (docs/domain.md, Washes; decision 034), in SQL from
 * the counters' hourly washes (`washes`, written by the minute rollup) and the bays' status periods.
 */

/** Weeks back the profile looks at the same hour of the week, and how many of them must have been up. */
const PROFILE_WEEKS = 4;
const MIN_PROFILE_WEEKS = 2;
/** Lost-wash periods listed at most (newest first); the figures count them all. */
const MAX_LOST_PERIODS = 200;

const zone = sql.raw(`'${STATISTICS_TIME_ZONE}'`);

/**
 * Per bay with a counter and hour whose start lies in `[from, min(to, now))`: `washes` (null: no counter
 * read that hour) and `expected` (null: fewer than `MIN_PROFILE_WEEKS` of the `PROFILE_WEEKS` same hours of
 * the week before it were up). An hour is up when a counter of the bay was read in it and no monitored
 * `error` or `maintenance` period of the bay touches it. "A week before" is in Norwegian time, so a
 * Saturday 14:00 is compared with Saturdays 14:00 across a change of summer time.
 */
function hourlySql(bayIds: string[], range: Range): SQL {
  const { from, to } = rangeSql(range);
  const p = bayStatusPeriods;
  const back = sql`(${from} - make_interval(days => ${PROFILE_WEEKS * 7 + 1}))`;
  return sql`
    counters as (
      select ${bayMetrics.bayId} as bay_id, ${bayMetrics.series} as series from ${bayMetrics}
      where ${bayMetrics.bayId} = any(${sql.param(bayIds)}::uuid[]) and ${bayMetrics.type} = 'counter'
    ),
    counted as (
      select c.bay_id, w.hour, sum(w.washes)::float8 as washes
      from ${washes} w join counters c on c.series = w.series
      where w.hour >= ${back} and w.hour < ${to}
      group by 1, 2
    ),
    down as (
      select ${p.bayId} as bay_id, ${p.status} as status, ${p.startedAt} as started_at,
        coalesce(${p.endedAt}, now()) as ended_at
      from ${p}
      where ${p.bayId} in (select bay_id from counters) and ${p.monitored}
        and ${p.status} in ('error', 'maintenance') and ${p.startedAt} < ${to}
        and (${p.endedAt} > ${back} or ${p.endedAt} is null)
    ),
    down_hours as (
      select distinct bay_id, h.hour
      from down
      cross join generate_series(
        date_trunc('hour', started_at at time zone 'UTC') at time zone 'UTC', ended_at - interval '1 microsecond',
        interval '1 hour'
      ) as h(hour)
    ),
    up as (
      select c.bay_id, c.hour, c.washes from counted c
      left join down_hours d on d.bay_id = c.bay_id and d.hour = c.hour
      where d.bay_id is null
    ),
    shifts as (
      -- Each hour before the range to the hours 1–4 weeks later in Norwegian time: the time zone arithmetic
      -- once per hour, not once per bay and hour.
      select h.hour as up_hour,
        ((h.hour at time zone ${zone}) + make_interval(weeks => k.weeks)) at time zone ${zone} as hour
      from generate_series(
        date_trunc('hour', ${back} at time zone 'UTC') at time zone 'UTC', ${to}, interval '1 hour'
      ) as h(hour)
      cross join generate_series(1, ${PROFILE_WEEKS}) as k(weeks)
    ),
    profile as (
      select u.bay_id, s.hour, avg(u.washes) as washes, count(*) as weeks
      from up u join shifts s on s.up_hour = u.hour
      where s.hour >= ${from} and s.hour < ${to}
      group by 1, 2
    ),
    grid as (
      select b.bay_id, h.hour
      from (select distinct bay_id from counters) b
      cross join generate_series(
        date_trunc('hour', ${from} at time zone 'UTC') at time zone 'UTC', ${to}, interval '1 hour'
      ) as h(hour)
      where h.hour >= ${from} and h.hour < ${to}
    ),
    hourly as materialized (
      select g.bay_id, g.hour, c.washes, case when p.weeks >= ${MIN_PROFILE_WEEKS} then p.washes end as expected
      from grid g
      left join counted c on c.bay_id = g.bay_id and c.hour = g.hour
      left join profile p on p.bay_id = g.bay_id and p.hour = g.hour
    )`;
}

/**
 * The `error` and `maintenance` periods of bays with a counter, clipped to the range, with the washes
 * expected and counted in them: each hour's figure times the share of the hour inside the period. A
 * period with an hour without a profile has no expected figure ('Ingen data'); lost is expected − counted,
 * at least 0.
 */
function lostSql(bayIds: string[], range: Range): SQL {
  const { from, to } = rangeSql(range);
  return sql`
    with ${hourlySql(bayIds, range)},
    periods as (
      select bay_id, status, greatest(started_at, ${from}) as started_at, least(ended_at, ${to}) as ended_at
      from down where ended_at > ${from} and started_at < ${to}
    ),
    period_hours as (
      select p.bay_id, p.status, p.started_at, p.ended_at, h.hour,
        extract(epoch from least(p.ended_at, h.hour + interval '1 hour') - greatest(p.started_at, h.hour)) / 3600
          as share
      from periods p
      cross join generate_series(
        date_trunc('hour', p.started_at at time zone 'UTC') at time zone 'UTC', p.ended_at - interval '1 microsecond',
        interval '1 hour'
      ) as h(hour)
      where p.ended_at > p.started_at
    ),
    lost as (
      select ph.bay_id, ph.status, ph.started_at, ph.ended_at,
        case when bool_and(h.expected is not null) then sum(h.expected * ph.share) end as expected,
        coalesce(sum(h.washes * ph.share), 0) as counted
      from period_hours ph
      left join hourly h on h.bay_id = ph.bay_id and h.hour = ph.hour
      group by ph.bay_id, ph.status, ph.started_at, ph.ended_at
    )`;
}

export type WashFigures = {
  /** Null: the bay has no counter. */
  washes: number | null;
  expected: number | null;
  lost: number | null;
};

/** Per bay asked for that has a counter: washes counted, expected and lost over the range. */
export async function washFiguresByBay(
  db: Db,
  bayIds: string[],
  range: Range,
): Promise<Map<string, WashFigures>> {
  if (bayIds.length === 0) return new Map();
  const { rows } = await db.execute<{
    bay_id: string;
    washes: number | null;
    expected: number | null;
    lost: number | null;
  }>(sql`
    ${lostSql(bayIds, range)},
    totals as (
      select bay_id, coalesce(sum(washes), 0)::float8 as washes, sum(expected)::float8 as expected
      from hourly group by bay_id
    ),
    lost_totals as (
      select bay_id, sum(greatest(expected - counted, 0))::float8 as lost,
        count(*) filter (where expected is null) as unknown
      from lost group by bay_id
    )
    select t.bay_id, t.washes, t.expected,
      case when l.bay_id is null then case when t.expected is null then null else 0 end
        else l.lost end as lost
    from totals t left join lost_totals l on l.bay_id = t.bay_id`);
  const round = (value: number | null) => (value === null ? null : Math.round(Number(value)));
  return new Map(
    rows.map((r) => [
      r.bay_id,
      { washes: round(r.washes), expected: round(r.expected), lost: round(r.lost) },
    ]),
  );
}

/** Several bays' wash figures as one: sums over the bays that have each figure; null when none has it. */
export function addWashFigures(all: Iterable<WashFigures | undefined>): WashFigures {
  const sum: WashFigures = { washes: null, expected: null, lost: null };
  for (const figures of all) {
    if (!figures) continue;
    for (const key of ['washes', 'expected', 'lost'] as const) {
      const value = figures[key];
      if (value !== null) sum[key] = (sum[key] ?? 0) + value;
    }
  }
  return sum;
}

export type WashPointRow = { at: Date; washes: number | null; expected: number | null };

/**
 * The bays' washes and expected washes together per hour, day or week (Norwegian time; weeks from
 * Monday), oldest first. A bucket's washes are null when no counter was read in it, its expected washes
 * null when no hour of it has a profile.
 */
export async function washPoints(
  db: Db,
  bayIds: string[],
  range: Range,
  bucket: WashBucket,
): Promise<WashPointRow[]> {
  if (bayIds.length === 0) return [];
  const at =
    bucket === 'hour'
      ? sql`hour`
      : sql`date_trunc(${sql.raw(`'${bucket}'`)}, hour at time zone ${zone}) at time zone ${zone}`;
  const { rows } = await db.execute<{
    at: Date | string;
    washes: number | null;
    expected: number | null;
  }>(sql`
    with ${hourlySql(bayIds, range)}
    select ${at} as at, round(sum(washes))::float8 as washes, round(sum(expected))::float8 as expected
    from hourly group by 1 order by 1`);
  return rows.map((r) => ({
    at: new Date(r.at),
    washes: r.washes === null ? null : Number(r.washes),
    expected: r.expected === null ? null : Number(r.expected),
  }));
}

export type LostPeriodRow = {
  bayId: string;
  status: 'error' | 'maintenance';
  from: Date;
  to: Date;
  expected: number | null;
  counted: number;
  lost: number | null;
};

/** The bays' error and maintenance periods in the range with their lost washes, newest first (at most 200). */
export async function lostPeriods(db: Db, bayIds: string[], range: Range): Promise<LostPeriodRow[]> {
  if (bayIds.length === 0) return [];
  const { rows } = await db.execute<{
    bay_id: string;
    status: 'error' | 'maintenance';
    started_at: Date | string;
    ended_at: Date | string;
    expected: number | null;
    counted: number;
  }>(sql`
    ${lostSql(bayIds, range)}
    select bay_id, status, started_at, ended_at, expected::float8 as expected, counted::float8 as counted
    from lost order by started_at desc, bay_id limit ${MAX_LOST_PERIODS}`);
  return rows.map((r) => {
    const expected = r.expected === null ? null : Math.round(Number(r.expected) * 10) / 10;
    const counted = Math.round(Number(r.counted) * 10) / 10;
    return {
      bayId: r.bay_id,
      status: r.status,
      from: new Date(r.started_at),
      to: new Date(r.ended_at),
      expected,
      counted,
      lost: expected === null ? null : Math.max(0, Math.round((expected - counted) * 10) / 10),
    };
  });
}
