import { type Figures, STATISTICS_TIME_ZONE } from '@vaskedrift/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bayFigureDays,
  bayMetrics,
  bayMetricUnusual,
  bayStatusPeriods,
  maintenanceJobs,
} from '../../db/schema';

export type Range = { from: Date; to: Date };

/** A bay's figures before they are added up: sums of seconds as PostgreSQL gave them. */
export type RawFigures = {
  /** Seconds covered by any period, monitored or not: the bay existed in the range when above 0. */
  present: number;
  observed: number;
  downtime: number;
  operating: number;
  warning: number;
  failures: number;
  warnings: number;
  repaired: number;
  repairSeconds: number;
  jobs: number;
  maintenance: number;
  /** 1 when the bay's unusual marks are counted (below), else 0: summed, the bays that have the figure. */
  modelled: number;
  /** Unusual marks that began in the range (docs/domain.md, Statistics, Unusual values). */
  unusual: number;
};

/** The range's ends as SQL: `from`, and `to` no later than now (an open period runs until now). */
export function rangeSql(range: Range): { from: SQL; to: SQL } {
  return {
    from: sql`${range.from.toISOString()}::timestamptz`,
    to: sql`least(${range.to.toISOString()}::timestamptz, now())`,
  };
}

/**
 * The status periods of `bayIds` that touch the range, open ones ending now, monitored or not. Periods
 * follow each other without gaps, so the one before the first in the range ends exactly at or after
 * `from` and is included. `(ended_at ≥ from or ended_at is null)` lets the `(bay_id, ended_at)` index
 * skip the history before the range.
 */
export function periodsInRange(bayIds: string[], range: Range): SQL {
  const { from, to } = rangeSql(range);
  const p = bayStatusPeriods;
  return sql`
    select ${p.id} as id, ${p.bayId} as bay_id, ${p.status} as status, ${p.monitored} as monitored,
      ${p.startedAt} as started_at, coalesce(${p.endedAt}, now()) as ended_at
    from ${p}
    where ${p.bayId} = any(${sql.param(bayIds)}::uuid[]) and ${p.startedAt} < ${to}
      and (${p.endedAt} >= ${from} or ${p.endedAt} is null)`;
}

/**
 * docs/domain.md, Statistics: each bay's figures over the range, computed in SQL from its monitored
 * status periods clipped to `[from, min(to, now)]` and its maintenance jobs. One row per bay asked for; a
 * bay that did not exist in the range has `present` 0, one never monitored in it `observed` 0.
 */
export async function figuresByBay(db: Db, bayIds: string[], range: Range): Promise<Map<string, RawFigures>> {
  if (bayIds.length === 0) return new Map();
  const result = await db.execute<RawFigures & { bay_id: string }>(figuresSql(bayIds, range));
  return new Map(result.rows.map(({ bay_id, ...figures }) => [bay_id, figures]));
}

/** The sums of `windowFigures` that add up over disjoint windows (and days of `bay_figure_days`). */
const SUM_COLUMNS = [
  'present',
  'observed',
  'downtime',
  'operating',
  'warning',
  'failures',
  'warnings',
  'repaired',
  'repair_seconds',
  'jobs',
  'maintenance',
  'unusual',
];
/** Those of `SUM_COLUMNS` that are seconds: `bay_figure_days` keeps them as whole microseconds (bigint). */
const SECONDS = new Set([
  'present',
  'observed',
  'downtime',
  'operating',
  'warning',
  'repair_seconds',
  'maintenance',
]);
export const SUMS = sql.raw(SUM_COLUMNS.join(', '));
/** `sum(x) as x` for each of `SUM_COLUMNS`. */
const SUMMED = sql.raw(SUM_COLUMNS.map((column) => `sum(${column}) as ${column}`).join(', '));
/**
 * `SUMS` of `window_figures` as `bay_figure_days` keeps them: seconds times a million. A window's seconds
 * are sums of interval lengths, exact numerics to the microsecond, so the bigint is the same value.
 */
export const KEPT_SUMS = sql.raw(
  SUM_COLUMNS.map((column) =>
    SECONDS.has(column) ? `(${column} * 1000000)::bigint as ${column}` : column,
  ).join(', '),
);
/**
 * `SUMMED` over kept days, in seconds again (exact: numeric times 0.000001). Added up as bigint, which
 * PostgreSQL does in 128-bit integers: summing numerics digit by digit was 40 % of reading a whole chain's
 * kept days (decision 023, the rollup).
 */
const KEPT_SUMMED = sql.raw(
  SUM_COLUMNS.map((column) =>
    SECONDS.has(column) ? `sum(${column}) * 0.000001 as ${column}` : `sum(${column}) as ${column}`,
  ).join(', '),
);

/**
 * The one definition of the figures (docs/domain.md, Statistics), as common table expressions after a
 * `windows (bay_id, w_from, w_to)` one: per bay and window (windows of a bay never overlap, each ends no
 * later than now) `window_figures`, the window's sums (`SUMS`) and `repaired_until`, when the last repair
 * of a failure begun in it ended (infinity while one is not repaired). A window reads the periods that
 * start in it and the one before (periods follow each other without gaps, so that one reaches the
 * window's start or ends there). Whether an `error` or `warning` period starts a failure or a warning
 * depends on the latest earlier monitored period in `operational`, `warning` or `error` (`before`); a
 * failure is repaired at the start of the next monitored `operational` or `warning` period. Both come from
 * windows over a window's periods; only its first such period (whose `before` may lie before it) and a
 * failure not repaired before its end look further, with one probe on the `(bay_id, started_at)` index
 * each. So a window's figures are the same whatever other windows are asked for: a range's figures are
 * the sum of its parts' (`figuresSql`, the rollup).
 */
export function windowFigures(): SQL {
  const j = maintenanceJobs;
  const o = bayStatusPeriods;
  const u = bayMetricUnusual;
  return sql`
    periods as (
      select w.bay_id, w.w_from, w.w_to, p.id, p.status, p.monitored, p.started_at,
        coalesce(p.ended_at, now()) as ended_at
      from windows w cross join lateral (
        (select d.id, d.status, d.monitored, d.started_at, d.ended_at from ${o} d
          where d.bay_id = w.bay_id and d.started_at >= w.w_from and d.started_at < w.w_to)
        union all
        (select d.id, d.status, d.monitored, d.started_at, d.ended_at from ${o} d
          where d.bay_id = w.bay_id and d.started_at < w.w_from order by d.started_at desc, d.id desc limit 1)
      ) p
    ),
    times as (
      select bay_id, w_from,
        sum(secs) as present,
        coalesce(sum(secs) filter (where monitored), 0) as observed,
        coalesce(sum(secs) filter (where monitored and status in ('error', 'inactive', 'maintenance')), 0)
          as downtime,
        coalesce(sum(secs) filter (where monitored and status = 'operational'), 0) as operating,
        coalesce(sum(secs) filter (where monitored and status = 'warning'), 0) as warning
      from (
        select bay_id, w_from, status, monitored,
          extract(epoch from least(ended_at, w_to) - greatest(started_at, w_from)) as secs
        from periods where ended_at > w_from
      ) clipped
      group by bay_id, w_from
    ),
    relevant as (
      select id, bay_id, w_from, status, started_at,
        lag(status) over (partition by bay_id, w_from order by started_at, id) as before,
        min(started_at) filter (where status in ('operational', 'warning')) over (partition by bay_id, w_from
          order by started_at desc, id desc rows between unbounded preceding and 1 preceding) as next_available
      from periods
      where monitored and status in ('operational', 'warning', 'error')
    ),
    starts as materialized (
      select s.bay_id, s.w_from, s.status, s.started_at, s.next_available, coalesce(s.before, (
        select d.status from ${o} d
        where d.bay_id = s.bay_id and d.started_at <= s.started_at
          and (d.started_at, d.id) < (s.started_at, s.id) and d.monitored
          and d.status in ('operational', 'warning', 'error')
        order by d.started_at desc, d.id desc limit 1
      )) as before
      from relevant s
      where s.status in ('error', 'warning') and s.started_at >= s.w_from
    ),
    failures as (
      select f.bay_id, f.w_from, f.started_at, coalesce(f.next_available, (
        select min(r.started_at) from ${o} r
        where r.bay_id = f.bay_id and r.started_at > f.started_at and r.monitored
          and r.status in ('operational', 'warning')
      )) - f.started_at as repair
      from starts f
      where f.status = 'error' and f.before is distinct from 'error'
    ),
    failure_counts as (
      select bay_id, w_from, count(*) as failures, count(repair) as repaired,
        coalesce(sum(extract(epoch from repair)), 0) as repair_seconds,
        max(coalesce(started_at + repair, 'infinity')) as repaired_until
      from failures group by bay_id, w_from
    ),
    warning_counts as (
      select bay_id, w_from, count(*) as warnings from starts
      where status = 'warning' and (before is null or before = 'operational')
      group by bay_id, w_from
    ),
    -- The jobs of the windows' bays that overlap any window, read in one index scan and then matched to
    -- each window: a probe per window was about a tenth of the CSV's figures (the part days of 10,000 bays).
    window_jobs as materialized (
      select ${j.bayId} as bay_id, ${j.startedAt} as started_at, coalesce(${j.endedAt}, now()) as ended_at,
        coalesce(${j.endedAt}, 'infinity') as until
      from ${j}
      where ${j.bayId} = any(array(select bay_id from windows))
        and ${j.startedAt} < (select max(w_to) from windows)
        and coalesce(${j.endedAt}, 'infinity') > (select min(w_from) from windows)
    ),
    jobs as (
      select w.bay_id, w.w_from, count(*) filter (where wj.started_at >= w.w_from) as jobs,
        sum(extract(epoch from least(wj.ended_at, w.w_to) - greatest(wj.started_at, w.w_from))) as maintenance
      from windows w
      join window_jobs wj on wj.bay_id = w.bay_id and wj.started_at < w.w_to and wj.until > w.w_from
      group by w.bay_id, w.w_from
    ),
    marks as (
      select w.bay_id, w.w_from, mk.unusual
      from windows w cross join lateral (
        select count(*) as unusual from ${u}
        where ${u.bayId} = w.bay_id and ${u.startedAt} >= w.w_from and ${u.startedAt} < w.w_to
      ) mk
    ),
    window_figures as (
      select w.bay_id, w.w_from, w.w_to,
        coalesce(t.present, 0) as present, coalesce(t.observed, 0) as observed,
        coalesce(t.downtime, 0) as downtime, coalesce(t.operating, 0) as operating,
        coalesce(t.warning, 0) as warning, coalesce(f.failures, 0)::int as failures,
        coalesce(wc.warnings, 0)::int as warnings, coalesce(f.repaired, 0)::int as repaired,
        coalesce(f.repair_seconds, 0) as repair_seconds, coalesce(jb.jobs, 0)::int as jobs,
        coalesce(jb.maintenance, 0) as maintenance, coalesce(mk.unusual, 0)::int as unusual,
        f.repaired_until
      from windows w
      left join times t on t.bay_id = w.bay_id and t.w_from = w.w_from
      left join failure_counts f on f.bay_id = w.bay_id and f.w_from = w.w_from
      left join warning_counts wc on wc.bay_id = w.bay_id and wc.w_from = w.w_from
      left join jobs jb on jb.bay_id = w.bay_id and jb.w_from = w.w_from
      left join marks mk on mk.bay_id = w.bay_id and mk.w_from = w.w_from
    )`;
}

/** A Norwegian calendar date's start (local midnight) as a timestamptz. */
export const dayStart = (date: SQL) => sql`((${date})::timestamp at time zone ${STATISTICS_TIME_ZONE})`;

/**
 * The one statement of `figuresByBay` (also for `EXPLAIN` in bench/statistics.ts): per bay, the leading
 * run of whole Norwegian days of the range kept in `bay_figure_days` (from the range's first whole day
 * on, up to the first day not kept) added to `windowFigures` over the rest, before that run (the part day
 * at the start) and after it (the days not kept yet and the part day at the end). With nothing kept that
 * is the whole range in two windows.
 */
export function figuresSql(bayIds: string[], range: Range): SQL {
  const ids = sql.param(bayIds);
  const { from, to } = rangeSql(range);
  const k = bayFigureDays;
  const m = bayMetrics;
  return sql`
    with bounds as (
      select f, t, case when lf = date_trunc('day', lf) then lf::date else lf::date + 1 end as first_day,
        (t at time zone ${STATISTICS_TIME_ZONE})::date - 1 as last_day
      from (select ${from} as f, ${to} as t, ${from} at time zone ${STATISTICS_TIME_ZONE} as lf) r
    ),
    kept_all as (
      select ${k.bayId} as bay_id, count(*)::int as days, ${KEPT_SUMMED}
      from ${k}, bounds b
      where ${k.bayId} = any(${ids}::uuid[]) and ${k.day} between b.first_day and b.last_day
      group by ${k.bayId}
    ),
    -- A bay with a day not kept (rare: a failure not repaired, a backfill the job has not caught up with)
    -- adds up only the days before the first such one; the others all of theirs, without sorting them.
    kept_run as (
      select bay_id, count(*)::int as days, ${KEPT_SUMMED} from (
        select ${k.bayId} as bay_id, ${SUMS},
          ${k.day} - b.first_day + 1 = row_number() over (partition by ${k.bayId} order by ${k.day}) as in_run
        from ${k}, bounds b
        where ${k.bayId} = any(array(select bay_id from kept_all, bounds where days < last_day - first_day + 1))
          and ${k.day} between b.first_day and b.last_day
      ) kept_days
      where in_run group by bay_id
    ),
    kept as (
      select kept_all.* from kept_all, bounds where days = last_day - first_day + 1
      union all
      select * from kept_run
    ),
    windows as (
      select * from (
      select ids.bay_id, b.f as w_from,
        case when b.first_day <= b.last_day then ${dayStart(sql`b.first_day`)} else b.t end as w_to
      from unnest(${ids}::uuid[]) as ids(bay_id), bounds b
      union all
      select ids.bay_id, ${dayStart(sql`b.first_day + coalesce(kd.days, 0)`)}, b.t
      from unnest(${ids}::uuid[]) as ids(bay_id) cross join bounds b left join kept kd on kd.bay_id = ids.bay_id
      where b.first_day <= b.last_day
      ) w where w_from < w_to
    ),
    ${windowFigures()},
    totals as (
      select bay_id, ${SUMMED}
      from (select bay_id, ${SUMS} from window_figures union all select bay_id, ${SUMS} from kept) parts
      group by bay_id
    ),
    modelled as (
      select distinct ${m.bayId} as bay_id from ${m}
      where ${m.bayId} = any(${ids}::uuid[]) and ${m.type} in ('number', 'counter') and ${m.createdAt} < ${to}
    )
    select ids.bay_id,
      coalesce(t.present, 0)::float8 as present, coalesce(t.observed, 0)::float8 as observed,
      coalesce(t.downtime, 0)::float8 as downtime, coalesce(t.operating, 0)::float8 as operating,
      coalesce(t.warning, 0)::float8 as warning, coalesce(t.failures, 0)::int as failures,
      coalesce(t.warnings, 0)::int as warnings,
      coalesce(t.repaired, 0)::int as repaired, coalesce(t.repair_seconds, 0)::float8 as "repairSeconds",
      coalesce(t.jobs, 0)::int as jobs, coalesce(t.maintenance, 0)::float8 as maintenance,
      (case when (coalesce(t.observed, 0) > 0 and md.bay_id is not null) or t.unusual > 0 then 1 else 0 end)
        as modelled,
      coalesce(t.unusual, 0)::int as unusual
    from unnest(${ids}::uuid[]) as ids(bay_id)
    left join totals t on t.bay_id = ids.bay_id
    left join modelled md on md.bay_id = ids.bay_id
  `;
}

const EMPTY: RawFigures = {
  present: 0,
  observed: 0,
  downtime: 0,
  operating: 0,
  warning: 0,
  failures: 0,
  warnings: 0,
  repaired: 0,
  repairSeconds: 0,
  jobs: 0,
  maintenance: 0,
  modelled: 0,
  unusual: 0,
};

/** Several bays' figures as one (a facility, the chain): sums, and MTTR over every repaired failure. */
export function addFigures(all: Iterable<RawFigures>): RawFigures {
  const sum = { ...EMPTY };
  for (const figures of all) {
    for (const key of Object.keys(sum) as (keyof RawFigures)[]) sum[key] += figures[key];
  }
  return sum;
}

/** Availability in percent with two decimals; null for nothing observed. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : null;
}

/** The answer's figures (docs/domain.md, Statistics): whole seconds, availability, MTTR and MTBF. */
export function toFigures(raw: RawFigures): Figures {
  const available = raw.observed - raw.downtime;
  return {
    observedSeconds: Math.round(raw.observed),
    downtimeSeconds: Math.round(raw.downtime),
    operatingSeconds: Math.round(raw.operating),
    warningSeconds: Math.round(raw.warning),
    availability: percent(available, raw.observed),
    failures: raw.failures,
    warnings: raw.warnings,
    mttrSeconds: raw.repaired === 0 ? null : Math.round(raw.repairSeconds / raw.repaired),
    mtbfSeconds: raw.failures === 0 ? null : Math.round(available / raw.failures),
    jobs: raw.jobs,
    maintenanceSeconds: Math.round(raw.maintenance),
    unusualMarks: raw.modelled > 0 ? raw.unusual : null,
  };
}
