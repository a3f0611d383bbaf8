import type { Figures } from '@vaskedrift/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bayStatusPeriods, maintenanceJobs } from '../../db/schema';

export type Range = { from: Date; to: Date };

/** A bay's figures before they are added up: sums of seconds as PostgreSQL gave them. */
export type RawFigures = {
  observed: number;
  downtime: number;
  operating: number;
  failures: number;
  repaired: number;
  repairSeconds: number;
  jobs: number;
  maintenance: number;
};

/** The range's ends as SQL: `from`, and `to` no later than now (an open period runs until now). */
export function rangeSql(range: Range): { from: SQL; to: SQL } {
  return {
    from: sql`${range.from.toISOString()}::timestamptz`,
    to: sql`least(${range.to.toISOString()}::timestamptz, now())`,
  };
}

/**
 * The status periods of `bayIds` that touch the range, open ones ending now, with the status before each
 * (`previous`, null for a bay's first) and the start of the next `operational` one among them
 * (`next_operational`, null when the bay was not back before `to`). Periods follow each other without
 * gaps, so the one before the first in the range ends exactly at or after `from` and is included:
 * `previous` is always right. `(ended_at ≥ from or ended_at is null)` lets the `(bay_id, ended_at)` index
 * skip the history before the range.
 */
export function periodsInRange(bayIds: string[], range: Range): SQL {
  const { from, to } = rangeSql(range);
  const p = bayStatusPeriods;
  return sql`
    select ${p.bayId} as bay_id, ${p.status} as status, ${p.startedAt} as started_at,
      coalesce(${p.endedAt}, now()) as ended_at,
      lag(${p.status}) over (partition by ${p.bayId} order by ${p.startedAt}, ${p.id}) as previous,
      min(${p.startedAt}) filter (where ${p.status} = 'operational') over (partition by ${p.bayId}
        order by ${p.startedAt} desc, ${p.id} desc rows between unbounded preceding and 1 preceding) as next_operational
    from ${p}
    where ${p.bayId} = any(${sql.param(bayIds)}::uuid[]) and ${p.startedAt} < ${to}
      and (${p.endedAt} >= ${from} or ${p.endedAt} is null)`;
}

/**
 * docs/domain.md, Figures: each bay's figures over the range, computed in SQL from its status periods
 * clipped to `[from, min(to, now)]` and its maintenance jobs. One row per bay asked for; a bay that did
 * not exist in the range has `observed` 0.
 */
export async function figuresByBay(db: Db, bayIds: string[], range: Range): Promise<Map<string, RawFigures>> {
  if (bayIds.length === 0) return new Map();
  const result = await db.execute<RawFigures & { bay_id: string }>(figuresSql(bayIds, range));
  return new Map(result.rows.map(({ bay_id, ...figures }) => [bay_id, figures]));
}

/** The one statement of `figuresByBay` (also for `EXPLAIN` in bench/statistics.ts). */
export function figuresSql(bayIds: string[], range: Range): SQL {
  const ids = sql.param(bayIds);
  const { from, to } = rangeSql(range);
  const j = maintenanceJobs;
  return sql`
    with periods as (${periodsInRange(bayIds, range)}),
    times as (
      select bay_id,
        sum(secs) as observed,
        coalesce(sum(secs) filter (where status in ('error', 'inactive', 'maintenance')), 0) as downtime,
        coalesce(sum(secs) filter (where status = 'operational'), 0) as operating
      from (
        select bay_id, status, extract(epoch from least(ended_at, ${to}) - greatest(started_at, ${from})) as secs
        from periods where ended_at > ${from}
      ) clipped
      group by bay_id
    ),
    failures as materialized (
      select f.bay_id, coalesce(f.next_operational, (
        select min(o.started_at) from ${bayStatusPeriods} o
        where o.bay_id = f.bay_id and o.status = 'operational' and o.started_at > f.started_at
      )) - f.started_at as repair
      from periods f
      where f.status in ('error', 'warning')
        and (f.previous is null or f.previous not in ('error', 'warning', 'maintenance'))
        and f.started_at >= ${from}
    ),
    failure_counts as (
      select bay_id, count(*) as failures, count(repair) as repaired,
        coalesce(sum(extract(epoch from repair)), 0) as repair_seconds
      from failures group by bay_id
    ),
    jobs as (
      select ${j.bayId} as bay_id, count(*) filter (where ${j.startedAt} >= ${from}) as jobs,
        sum(extract(epoch from least(coalesce(${j.endedAt}, now()), ${to}) - greatest(${j.startedAt}, ${from})))
          as maintenance
      from ${j}
      where ${j.bayId} = any(${ids}::uuid[]) and ${j.startedAt} < ${to}
        and coalesce(${j.endedAt}, 'infinity') > ${from}
      group by ${j.bayId}
    )
    select ids.bay_id,
      coalesce(t.observed, 0)::float8 as observed, coalesce(t.downtime, 0)::float8 as downtime,
      coalesce(t.operating, 0)::float8 as operating, coalesce(f.failures, 0)::int as failures,
      coalesce(f.repaired, 0)::int as repaired, coalesce(f.repair_seconds, 0)::float8 as "repairSeconds",
      coalesce(jb.jobs, 0)::int as jobs, coalesce(jb.maintenance, 0)::float8 as maintenance
    from unnest(${ids}::uuid[]) as ids(bay_id)
    left join times t on t.bay_id = ids.bay_id
    left join failure_counts f on f.bay_id = ids.bay_id
    left join jobs jb on jb.bay_id = ids.bay_id
  `;
}

const EMPTY: RawFigures = {
  observed: 0,
  downtime: 0,
  operating: 0,
  failures: 0,
  repaired: 0,
  repairSeconds: 0,
  jobs: 0,
  maintenance: 0,
};

/** Several bays' figures as one (a facility, the chain): sums, and MTTR over every repaired failure. */
export function addFigures(all: Iterable<RawFigures>): RawFigures {
  const sum = { ...EMPTY };
  for (const figures of all) {
    for (const key of Object.keys(sum) as (keyof RawFigures)[]) sum[key] += figures[key];
  }
  return sum;
}

/** Availability in percent with two decimals. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : null;
}

/** The answer's figures: whole seconds, availability, MTTR and MTBF (docs/domain.md, Figures). */
export function toFigures(raw: RawFigures): Figures {
  const operatingSeconds = Math.round(raw.operating);
  return {
    observedSeconds: Math.round(raw.observed),
    downtimeSeconds: Math.round(raw.downtime),
    operatingSeconds,
    availability: percent(raw.observed - raw.downtime, raw.observed),
    failures: raw.failures,
    mttrSeconds: raw.repaired === 0 ? null : Math.round(raw.repairSeconds / raw.repaired),
    mtbfSeconds: raw.failures === 0 ? null : Math.round(operatingSeconds / raw.failures),
    jobs: raw.jobs,
    maintenanceSeconds: Math.round(raw.maintenance),
  };
}
