import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiCheckLogs, apiCheckStats, readingsRollupState } from '../../db/schema';
import { dropPartitionsBefore } from './partitions.repository';

const readings = sql`readings`;
const readingsMinute = sql`readings_minute`;
const readingsHour = sql`readings_hour`;

type Tier = 'minute' | 'hour';

/**
 * Each round rolls up at most this much: after a long stop the job catches up in bounded statements
 * (and runs again at once) instead of one huge one.
 */
const CHUNK = { minute: sql`interval '6 hours'`, hour: sql`interval '7 days'` } as const;

/** Hours and days are UTC, whatever the session's time zone (some zones are half an hour off). */
const utc = (column: ReturnType<typeof sql>) => sql`((${column}) at time zone 'UTC')`;
const truncUtc = (unit: 'hour' | 'day', column: ReturnType<typeof sql>) =>
  sql`(date_trunc(${sql.raw(`'${unit}'`)}, ${utc(column)}) at time zone 'UTC')`;

/**
 * Rolls the finer tier up into `tier` from where the last round stopped (`readings_rollup_state`) to the
 * last complete row: the minute tier by whole hours ending at least two minutes ago (a check still
 * committing is not missed), the hour tier by whole days the minute tier has finished. Ranges never
 * overlap, so each row is written once. Charts read raw readings for anything within their retention,
 * so the minute tier lagging up to an hour behind is never seen.
 */
export async function rollUp(tx: Db, tier: Tier): Promise<{ buckets: number; behind: boolean }> {
  const limit =
    tier === 'minute'
      ? truncUtc('hour', sql`now() - interval '2 minutes'`)
      : truncUtc(
          'day',
          sql`coalesce((select done_until from ${readingsRollupState} where tier = 'minute'), now() - interval '1 day')`,
        );
  const start =
    tier === 'minute'
      ? truncUtc('hour', sql`now() - interval '1 hour'`)
      : truncUtc('day', sql`now() - interval '1 day'`);
  const { rows } = await tx.execute<{ from: Date; to: Date; limit: Date }>(sql`
    with state as (select done_until from ${readingsRollupState} where tier = ${tier} for update),
    bounds as (select coalesce((select done_until from state), ${start}) as from_at, ${limit} as limit_at)
    select from_at as "from", least(limit_at, from_at + ${CHUNK[tier]}) as "to", limit_at as "limit" from bounds`);
  const bounds = rows[0];
  if (!bounds) return { buckets: 0, behind: false };
  const from = new Date(bounds.from);
  const to = new Date(bounds.to);
  if (to <= from) return { buckets: 0, behind: false };
  const inserted = await tx.execute(tier === 'minute' ? minuteRows(from, to) : hourRows(from, to));
  await tx.execute(sql`
    insert into ${readingsRollupState} (tier, done_until) values (${tier}, ${to})
    on conflict (tier) do update set done_until = excluded.done_until`);
  return { buckets: inserted.rowCount ?? 0, behind: to < new Date(bounds.limit) };
}

/** Raw readings → one row per attribute and hour, an entry per minute that had readings. */
function minuteRows(from: Date, to: Date) {
  return sql`
    with raw as (
      select u.series, r.read_at, coalesce(u.exact, u.value) as value, u.text,
        get_byte(r.level, (u.i - 1)::int) as level
      from ${readings} r
      cross join lateral unnest(r.series, r.value::float8[], r.exact, r.text) with ordinality as u(series, value, exact, text, i)
      where r.read_at >= ${from} and r.read_at < ${to}
    ),
    per_minute as (
      select series, ${truncUtc('hour', sql`read_at`)} as hour,
        extract(minute from ${utc(sql`read_at`)})::int2 as slot,
        min(value)::real as mn, max(value)::real as mx, avg(value)::real as av, count(*)::int as c,
        max(level)::int2 as w,
        (array_agg(text order by read_at desc) filter (where text is not null))[1] as t
      from raw
      group by 1, 2, 3
    )
    insert into ${readingsMinute} (series, bucket, slots, min, max, avg, count, worst, last_text)
    select series, hour, array_agg(slot order by slot), array_agg(mn order by slot), array_agg(mx order by slot),
      array_agg(av order by slot), array_agg(c order by slot), array_agg(w order by slot),
      case when bool_or(t is not null) then array_agg(t order by slot) end
    from per_minute group by series, hour
    on conflict do nothing`;
}

/** Minute rows → one row per attribute and UTC day, an entry per hour (averages weighted by counts). */
function hourRows(from: Date, to: Date) {
  return sql`
    with per_hour as (
      select m.series, m.bucket as hour, u.mn, u.mx, u.av, u.c, u.w, u.t
      from ${readingsMinute} m cross join lateral (
        select min(e.mn)::real as mn, max(e.mx)::real as mx,
          (sum(e.av * e.c) filter (where e.av is not null)
            / nullif(sum(e.c) filter (where e.av is not null), 0))::real as av,
          sum(e.c)::int as c, max(e.w)::int2 as w,
          (array_agg(e.t order by e.slot desc) filter (where e.t is not null))[1] as t
        from unnest(m.slots, m.min, m.max, m.avg, m.count, m.worst, m.last_text) as e(slot, mn, mx, av, c, w, t)
      ) u
      where m.bucket >= ${from} and m.bucket < ${to}
    )
    insert into ${readingsHour} (series, bucket, slots, min, max, avg, count, worst, last_text)
    select series, ${truncUtc('day', sql`hour`)} as day,
      array_agg(extract(hour from ${utc(sql`hour`)})::int2 order by hour), array_agg(mn order by hour),
      array_agg(mx order by hour), array_agg(av order by hour), array_agg(c order by hour),
      array_agg(w order by hour), case when bool_or(t is not null) then array_agg(t order by hour) end
    from per_hour group by 1, 2
    on conflict do nothing`;
}

/**
 * Drops the partitions of every tier that lie wholly past its retention (a partition is kept until its
 * last reading is past it), and deletes the check log and hourly check statistics past theirs (small
 * tables with BRIN indexes on time). Returns what went.
 */
export async function pruneOlderThan(
  tx: Db,
  keep: { rawHours: number; minuteDays: number; hourDays: number; checkLogDays: number },
  now = new Date(),
): Promise<{ partitions: string[]; checkLogs: number; checkStats: number }> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const partitions = [
    ...(await dropPartitionsBefore(tx, 'readings', ago(keep.rawHours * 3_600_000))),
    ...(await dropPartitionsBefore(tx, 'readings_minute', ago(keep.minuteDays * 86_400_000))),
    ...(await dropPartitionsBefore(tx, 'readings_hour', ago(keep.hourDays * 86_400_000))),
  ];
  const deleted = async (statement: ReturnType<typeof sql>) => (await tx.execute(statement)).rowCount ?? 0;
  return {
    partitions,
    checkLogs: await deleted(
      sql`delete from ${apiCheckLogs} where started_at < now() - make_interval(days => ${keep.checkLogDays})`,
    ),
    checkStats: await deleted(
      sql`delete from ${apiCheckStats} where hour < now() - make_interval(days => ${keep.hourDays})`,
    ),
  };
}
