import type { Figures } from '@vaskedrift/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bayMetrics, bayMetricUnusual, bayStatusPeriods, maintenanceJobs } from '../../db/schema';

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

/**
 * The one statement of `figuresByBay` (also for `EXPLAIN` in bench/statistics.ts). Whether an `error` or
 * `warning` period starts a failure or a warning depends on the latest earlier monitored period in
 * `operational`, `warning` or `error` (`before`); a failure is repaired at the start of the next monitored
 * `operational` or `warning` period. Both come from windows over the periods in the range; only a bay's
 * first such period (whose `before` may lie before the range) and a failure not repaired before the
 * range's end look further, with one probe on the `(bay_id, started_at)` index each.
 */
export function figuresSql(bayIds: string[], range: Range): SQL {
  const ids = sql.param(bayIds);
  const { from, to } = rangeSql(range);
  const j = maintenanceJobs;
  const o = bayStatusPeriods;
  const u = bayMetricUnusual;
  const m = bayMetrics;
  return sql`
    with periods as (${periodsInRange(bayIds, range)}),
    times as (
      select bay_id,
        sum(secs) as present,
        coalesce(sum(secs) filter (where monitored), 0) as observed,
        coalesce(sum(secs) filter (where monitored and status in ('error', 'inactive', 'maintenance')), 0)
          as downtime,
        coalesce(sum(secs) filter (where monitored and status = 'operational'), 0) as operating,
        coalesce(sum(secs) filter (where monitored and status = 'warning'), 0) as warning
      from (
        select bay_id, status, monitored,
          extract(epoch from least(ended_at, ${to}) - greatest(started_at, ${from})) as secs
        from periods where ended_at > ${from}
      ) clipped
      group by bay_id
    ),
    relevant as (
      select id, bay_id, status, started_at,
        lag(status) over (partition by bay_id order by started_at, id) as before,
        min(started_at) filter (where status in ('operational', 'warning')) over (partition by bay_id
          order by started_at desc, id desc rows between unbounded preceding and 1 preceding) as next_available
      from periods
      where monitored and status in ('operational', 'warning', 'error')
    ),
    starts as materialized (
      select s.bay_id, s.status, s.started_at, s.next_available, coalesce(s.before, (
        select d.status from ${o} d
        where d.bay_id = s.bay_id and d.started_at <= s.started_at
          and (d.started_at, d.id) < (s.started_at, s.id) and d.monitored
          and d.status in ('operational', 'warning', 'error')
        order by d.started_at desc, d.id desc limit 1
      )) as before
      from relevant s
      where s.status in ('error', 'warning') and s.started_at >= ${from}
    ),
    failures as (
      select f.bay_id, coalesce(f.next_available, (
        select min(r.started_at) from ${o} r
        where r.bay_id = f.bay_id and r.started_at > f.started_at and r.monitored
          and r.status in ('operational', 'warning')
      )) - f.started_at as repair
      from starts f
      where f.status = 'error' and f.before is distinct from 'error'
    ),
    failure_counts as (
      select bay_id, count(*) as failures, count(repair) as repaired,
        coalesce(sum(extract(epoch from repair)), 0) as repair_seconds
      from failures group by bay_id
    ),
    warning_counts as (
      select bay_id, count(*) as warnings from starts
      where status = 'warning' and (before is null or before = 'operational')
      group by bay_id
    ),
    jobs as (
      select ${j.bayId} as bay_id, count(*) filter (where ${j.startedAt} >= ${from}) as jobs,
        sum(extract(epoch from least(coalesce(${j.endedAt}, now()), ${to}) - greatest(${j.startedAt}, ${from})))
          as maintenance
      from ${j}
      where ${j.bayId} = any(${ids}::uuid[]) and ${j.startedAt} < ${to}
        and coalesce(${j.endedAt}, 'infinity') > ${from}
      group by ${j.bayId}
    ),
    marks as (
      select ${u.bayId} as bay_id, count(*) as unusual
      from ${u}
      where ${u.bayId} = any(${ids}::uuid[]) and ${u.startedAt} >= ${from} and ${u.startedAt} < ${to}
      group by ${u.bayId}
    ),
    modelled as (
      select distinct ${m.bayId} as bay_id from ${m}
      where ${m.bayId} = any(${ids}::uuid[]) and ${m.type} in ('number', 'counter') and ${m.createdAt} < ${to}
    )
    select ids.bay_id,
      coalesce(t.present, 0)::float8 as present, coalesce(t.observed, 0)::float8 as observed,
      coalesce(t.downtime, 0)::float8 as downtime, coalesce(t.operating, 0)::float8 as operating,
      coalesce(t.warning, 0)::float8 as warning, coalesce(f.failures, 0)::int as failures,
      coalesce(w.warnings, 0)::int as warnings,
      coalesce(f.repaired, 0)::int as repaired, coalesce(f.repair_seconds, 0)::float8 as "repairSeconds",
      coalesce(jb.jobs, 0)::int as jobs, coalesce(jb.maintenance, 0)::float8 as maintenance,
      (case when (coalesce(t.observed, 0) > 0 and md.bay_id is not null) or mk.unusual > 0 then 1 else 0 end)
        as modelled,
      coalesce(mk.unusual, 0)::int as unusual
    from unnest(${ids}::uuid[]) as ids(bay_id)
    left join times t on t.bay_id = ids.bay_id
    left join failure_counts f on f.bay_id = ids.bay_id
    left join warning_counts w on w.bay_id = ids.bay_id
    left join jobs jb on jb.bay_id = ids.bay_id
    left join marks mk on mk.bay_id = ids.bay_id
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
