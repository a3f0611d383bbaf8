import type { ValueType } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiCheckLogs, apiCheckStats, bayMetrics, readingsRollupState, washes } from '../../db/schema';
import { dropPartitionsBefore } from './partitions.repository';
import { deadbandOf } from './reading-policy';
import { decodeRollup, encodeRollup, mergeEntries, type RollupEntry } from './rollup-codec';
import { rollUpWashes } from './washes.repository';

const readings = sql`readings`;
const readingsMinute = sql`readings_minute`;
const readingsHour = sql`readings_hour`;

type Tier = 'minute' | 'hour';

/**
 * Each round rolls up at most this much: after a long stop the job catches up in bounded rounds (and
 * runs again at once) instead of one huge one. The rows of at most `API_BATCH` APIs are in memory at once.
 */
const CHUNK = { minute: sql`interval '6 hours'`, hour: sql`interval '1 day'` } as const;
const API_BATCH = 50;

/** Hours and days are UTC, whatever the session's time zone (some zones are half an hour off). */
const utc = (column: ReturnType<typeof sql>) => sql`((${column}) at time zone 'UTC')`;
const truncUtc = (unit: 'hour' | 'day', column: ReturnType<typeof sql>) =>
  sql`(date_trunc(${sql.raw(`'${unit}'`)}, ${utc(column)}) at time zone 'UTC')`;

/**
 * Rolls the finer tier up into `tier` from where the last round stopped (`readings_rollup_state`) to the
 * last complete row: the minute tier by whole hours ending at least two minutes ago (a check still
 * committing is not missed), the hour tier by whole days the minute tier has finished. Ranges never
 * overlap, so each row is written once. Charts read raw readings for anything within their retention,
 * so the minute tier lagging up to an hour behind is never seen. The rows are packed per API here in
 * TypeScript (`rollup-codec.ts`), a batch of APIs at a time.
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
  const deadbands = await deadbandsOf(tx);
  // The APIs that have rows in the range (those deleted since too: their rows are rolled up as well).
  const { rows: range } = await tx.execute<{ first: number | null; last: number | null }>(
    tier === 'minute'
      ? sql`select min(api) as first, max(api) as last from ${readings} where read_at >= ${from} and read_at < ${to}`
      : sql`select min(api) as first, max(api) as last from ${readingsMinute} where bucket >= ${from} and bucket < ${to}`,
  );
  const first = Number(range[0]?.first ?? 1);
  const last = Number(range[0]?.last ?? 0);
  let buckets = 0;
  for (let lo = first; lo <= last; lo += API_BATCH) {
    const hi = lo + API_BATCH;
    const packed =
      tier === 'minute' ? await minuteRows(tx, from, to, lo, hi) : await hourRows(tx, from, to, lo, hi);
    buckets += await insertPacked(tx, tier, packed, deadbands);
  }
  // Counters' washes per hour come from the same raw readings, before they can be pruned (decision 034).
  if (tier === 'minute') await rollUpWashes(tx, from, to);
  await tx.execute(sql`
    insert into ${readingsRollupState} (tier, done_until) values (${tier}, ${to})
    on conflict (tier) do update set done_until = excluded.done_until`);
  return { buckets, behind: to < new Date(bounds.limit) };
}

/** Per API and row start, per series, the entries of the row. */
export type Packed = Map<string, { api: number; bucket: Date; series: Map<number, RollupEntry[]> }>;

function seriesOfRow(packed: Packed, api: number, bucket: Date) {
  const key = `${api}/${bucket.getTime()}`;
  let row = packed.get(key);
  if (!row) {
    row = { api, bucket, series: new Map() };
    packed.set(key, row);
  }
  return row.series;
}

/** The deadband of every series that has its own; the others have the default. */
export async function deadbandsOf(tx: Db): Promise<(series: number) => number> {
  const { rows } = await tx.execute<{ series: number; deadband: number | null; type: ValueType }>(
    sql`select series, deadband_percent as deadband, type from ${bayMetrics}
      where deadband_percent is not null or type = 'counter'`,
  );
  const own = new Map(
    rows.map((r) => [Number(r.series), deadbandOf(r.deadband === null ? null : Number(r.deadband), r.type)]),
  );
  const fallback = deadbandOf(null);
  return (series) => own.get(series) ?? fallback;
}

export async function insertPacked(
  tx: Db,
  tier: Tier,
  packed: Packed,
  deadband: (series: number) => number,
): Promise<number> {
  if (packed.size === 0) return 0;
  const rows = [...packed.values()];
  const data = rows.map((r) =>
    Buffer.from(
      encodeRollup(
        [...r.series].map(([series, entries]) => ({ series, deadband: deadband(series), entries })),
      ),
    ),
  );
  const inserted = await tx.execute(sql`
    insert into ${tier === 'minute' ? readingsMinute : readingsHour} (api, bucket, data)
    select * from unnest(${sql.param(rows.map((r) => r.api))}::int[],
      ${sql.param(rows.map((r) => r.bucket.toISOString()))}::timestamptz[], ${sql.param(data)}::bytea[])
    on conflict do nothing`);
  return inserted.rowCount ?? 0;
}

/** Raw readings of APIs [lo, hi) → per API and hour, per series an entry per minute that had readings. */
async function minuteRows(tx: Db, from: Date, to: Date, lo: number, hi: number): Promise<Packed> {
  const { rows } = await tx.execute<{
    api: number;
    hour: Date | string;
    series: number;
    slots: number[];
    mn: Array<number | null>;
    mx: Array<number | null>;
    av: Array<number | null>;
    c: number[];
    w: number[];
    t: Array<string | null> | null;
  }>(sql`
    with raw as (
      select r.api, u.series, r.read_at, coalesce(u.exact, u.value::text::float8) as value, u.text,
        get_byte(r.level, (u.i - 1)::int) as level
      from ${readings} r
      cross join lateral unnest(r.series, r.value, r.exact, r.text) with ordinality as u(series, value, exact, text, i)
      where r.read_at >= ${from} and r.read_at < ${to} and r.api >= ${lo} and r.api < ${hi}
    ),
    per_minute as (
      select api, series, ${truncUtc('hour', sql`read_at`)} as hour,
        extract(minute from ${utc(sql`read_at`)})::int2 as slot,
        min(value) as mn, max(value) as mx, avg(value) as av, count(*)::int as c, max(level)::int2 as w,
        (array_agg(text order by read_at desc) filter (where text is not null))[1] as t
      from raw
      group by 1, 2, 3, 4
    )
    select api, hour, series, array_agg(slot order by slot) as slots, array_agg(mn order by slot) as mn,
      array_agg(mx order by slot) as mx, array_agg(av order by slot) as av, array_agg(c order by slot) as c,
      array_agg(w order by slot) as w, case when bool_or(t is not null) then array_agg(t order by slot) end as t
    from per_minute group by api, hour, series`);
  const packed: Packed = new Map();
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  for (const r of rows) {
    seriesOfRow(packed, Number(r.api), new Date(r.hour)).set(
      Number(r.series),
      r.slots.map((slot, i) => ({
        slot: Number(slot),
        min: num(r.mn[i] ?? null),
        max: num(r.mx[i] ?? null),
        avg: num(r.av[i] ?? null),
        count: Number(r.c[i]),
        worst: Number(r.w[i]),
        text: r.t?.[i] ?? null,
      })),
    );
  }
  return packed;
}

/** Minute rows of APIs [lo, hi) → per API and UTC day, per series an entry per hour (averages weighted by counts). */
async function hourRows(tx: Db, from: Date, to: Date, lo: number, hi: number): Promise<Packed> {
  const { rows } = await tx.execute<{ api: number; bucket: Date | string; data: Buffer }>(sql`
    select api, bucket, data from ${readingsMinute}
    where bucket >= ${from} and bucket < ${to} and api >= ${lo} and api < ${hi}`);
  const packed: Packed = new Map();
  for (const r of rows) {
    const hour = new Date(r.bucket);
    const day = new Date(Date.UTC(hour.getUTCFullYear(), hour.getUTCMonth(), hour.getUTCDate()));
    const row = seriesOfRow(packed, Number(r.api), day);
    for (const [series, entries] of decodeRollup(r.data)) {
      const merged = mergeEntries(hour.getUTCHours(), entries);
      const list = row.get(series);
      if (list) list.push(merged);
      else row.set(series, [merged]);
    }
  }
  return packed;
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
): Promise<{ partitions: string[]; checkLogs: number; checkStats: number; washes: number }> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  // A tier is kept until the next one has rolled it up (after a long stop the job catches up first).
  const { rows } = await tx.execute<{ tier: string; done: Date | string }>(
    sql`select tier, done_until as done from ${readingsRollupState}`,
  );
  const done = (tier: Tier) => {
    const row = rows.find((r) => r.tier === tier);
    return row ? new Date(row.done) : new Date(0);
  };
  const earlier = (a: Date, b: Date) => (a < b ? a : b);
  const partitions = [
    ...(await dropPartitionsBefore(tx, 'readings', earlier(ago(keep.rawHours * 3_600_000), done('minute')))),
    ...(await dropPartitionsBefore(
      tx,
      'readings_minute',
      earlier(ago(keep.minuteDays * 86_400_000), done('hour')),
    )),
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
    // Washes are kept as long as the hour tier they sit beside.
    washes: await deleted(
      sql`delete from ${washes} where hour < now() - make_interval(days => ${keep.hourDays})`,
    ),
  };
}
