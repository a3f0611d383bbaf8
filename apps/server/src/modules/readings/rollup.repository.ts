import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  apiCheckLogs,
  apiCheckStats,
  readings,
  readingsHour,
  readingsMinute,
  readingsRollupState,
} from '../../db/schema';

export async function tryAdvisoryXactLock(tx: Db, key: number): Promise<boolean> {
  const { rows } = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${key}) as ok`);
  return rows[0]?.ok === true;
}

type Tier = 'minute' | 'hour';

/**
 * Each round rolls up at most this much: after a long stop the job catches up in bounded statements
 * (and runs again at once) instead of one huge one.
 */
const CHUNK = { minute: sql`interval '30 minutes'`, hour: sql`interval '24 hours'` } as const;

/**
 * Rolls the finer tier up into `tier` from where the last round stopped (`readings_rollup_state`) to the
 * newest complete bucket: minutes ending two minutes ago (raw rows of a check still committing are not
 * missed), hours whose minutes are all rolled up. Ranges never overlap, so each bucket is written once.
 */
export async function rollUp(tx: Db, tier: Tier): Promise<{ buckets: number; behind: boolean }> {
  const limit =
    tier === 'minute'
      ? sql`date_trunc('minute', now() - interval '2 minutes')`
      : sql`date_trunc('hour', coalesce((select done_until from ${readingsRollupState} where tier = 'minute'), now() - interval '2 hours'))`;
  const start =
    tier === 'minute'
      ? sql`date_trunc('minute', now() - interval '10 minutes')`
      : sql`date_trunc('hour', now() - interval '2 hours')`;
  const { rows } = await tx.execute<{ from: Date; to: Date; limit: Date }>(sql`
    with state as (select done_until from ${readingsRollupState} where tier = ${tier} for update),
    bounds as (select coalesce((select done_until from state), ${start}) as from_at, ${limit} as limit_at)
    select from_at as "from", least(limit_at, from_at + ${CHUNK[tier]}) as "to", limit_at as "limit" from bounds`);
  const bounds = rows[0];
  if (!bounds) return { buckets: 0, behind: false };
  const from = new Date(bounds.from);
  const to = new Date(bounds.to);
  if (to <= from) return { buckets: 0, behind: false };

  const inserted =
    tier === 'minute'
      ? await tx.execute(sql`
          insert into ${readingsMinute} (series, bucket, min, max, avg, last_text, count, worst)
          select series, date_trunc('minute', read_at), min(value), max(value), avg(value),
            (array_agg(text order by read_at desc) filter (where text is not null))[1], count(*), max(level)
          from ${readings} where read_at >= ${from} and read_at < ${to}
          group by series, date_trunc('minute', read_at)
          on conflict do nothing`)
      : await tx.execute(sql`
          insert into ${readingsHour} (series, bucket, min, max, avg, last_text, count, worst)
          select series, date_trunc('hour', bucket), min(min), max(max),
            sum(avg * count) filter (where avg is not null) / nullif(sum(count) filter (where avg is not null), 0),
            (array_agg(last_text order by bucket desc) filter (where last_text is not null))[1],
            sum(count), max(worst)
          from ${readingsMinute} where bucket >= ${from} and bucket < ${to}
          group by series, date_trunc('hour', bucket)
          on conflict do nothing`);
  await tx.execute(sql`
    insert into ${readingsRollupState} (tier, done_until) values (${tier}, ${to})
    on conflict (tier) do update set done_until = excluded.done_until`);
  return { buckets: inserted.rowCount ?? 0, behind: to < new Date(bounds.limit) };
}

/** Deletes what is past its retention in every tier, the check log and the hourly check statistics. */
export async function pruneOlderThan(
  tx: Db,
  keep: { rawHours: number; minuteDays: number; hourDays: number; checkLogDays: number },
): Promise<Record<string, number>> {
  const deleted = async (statement: ReturnType<typeof sql>) => (await tx.execute(statement)).rowCount ?? 0;
  return {
    readings: await deleted(
      sql`delete from ${readings} where read_at < now() - make_interval(hours => ${keep.rawHours})`,
    ),
    readingsMinute: await deleted(
      sql`delete from ${readingsMinute} where bucket < now() - make_interval(days => ${keep.minuteDays})`,
    ),
    readingsHour: await deleted(
      sql`delete from ${readingsHour} where bucket < now() - make_interval(days => ${keep.hourDays})`,
    ),
    checkLogs: await deleted(
      sql`delete from ${apiCheckLogs} where started_at < now() - make_interval(days => ${keep.checkLogDays})`,
    ),
    checkStats: await deleted(
      sql`delete from ${apiCheckStats} where hour < now() - make_interval(days => ${keep.hourDays})`,
    ),
  };
}
