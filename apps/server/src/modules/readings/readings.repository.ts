import { type AttributeLevel, LEVEL_CODES } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiMetrics, apis, bayMetrics } from '../../db/schema';
import { array } from '../../db/sql-values';
import type { Bucket, StoredPoint } from './reconstruct';
import { decodeRollup, mergeEntries, type RollupEntry } from './rollup-codec';

export type ReadingRow = {
  series: number;
  value: string | number | boolean | null;
  level: AttributeLevel;
};

/** One check's stored readings: its API (`apis.key`) and time. */
export type CheckReadings = { api: number; at: Date; rows: ReadingRow[] };

/**
 * Whether `real` (float4) gives `value` back exactly: PostgreSQL prints a real as the shortest decimal that
 * reads back to it, so any number of up to six significant digits (every sensor reading we know) survives.
 */
export function fitsReal(value: number): boolean {
  const f = Math.fround(value);
  if (!Number.isFinite(f)) return false;
  for (let digits = 1; digits <= 9; digits++) {
    const shortest = Number(f.toPrecision(digits));
    if (Math.fround(shortest) === f) return shortest === value;
  }
  return false;
}

const numberOf = (value: ReadingRow['value']) =>
  typeof value === 'number' ? value : typeof value === 'boolean' ? (value ? 1 : 0) : null;

/**
 * The stored readings of any number of checks in ONE statement: a row per check (per API and time) with
 * its readings in parallel arrays, so a row header and an index entry serve them all (decision 022).
 * Numbers go into `value real[]`; a check with a number real cannot hold exactly puts its numbers into
 * `exact float8[]` instead; a check of text alone has no `value`. Text goes into `text` only when the
 * check has any. A check with no rows writes nothing. The DEFAULT partition takes rows of a day whose
 * partition is not made yet.
 */
export async function insertReadings(tx: Db, checks: CheckReadings[]): Promise<void> {
  const written = checks.filter((c) => c.rows.length > 0);
  if (written.length === 0) return;
  const check: number[] = [];
  const series: number[] = [];
  const values: Array<number | null> = [];
  const levels: number[] = [];
  const texts: Array<string | null> = [];
  const exact: boolean[] = [];
  written.forEach((c, i) => {
    let needsExact = false;
    for (const row of c.rows) {
      const value = numberOf(row.value);
      if (value !== null && !fitsReal(value)) needsExact = true;
      check.push(i + 1);
      series.push(row.series);
      values.push(value);
      levels.push(LEVEL_CODES[row.level]);
      texts.push(typeof row.value === 'string' ? row.value : null);
    }
    exact.push(needsExact);
  });
  await tx.execute(sql`
    insert into readings (read_at, api, series, value, exact, level, text)
    select c.at, c.api, array_agg(r.series order by r.n),
      case when not c.exact and bool_or(r.value is not null) then array_agg(r.value::real order by r.n) end,
      case when c.exact then array_agg(r.value order by r.n) end,
      string_agg(set_byte(decode('00', 'hex'), 0, r.level), ''::bytea order by r.n),
      case when bool_or(r.text is not null) then array_agg(r.text order by r.n) end
    from unnest(${array(check)}::int[], ${array(series)}::int[], ${array(values)}::float8[],
        ${array(levels)}::int[], ${array(texts)}::text[]) with ordinality as r(c, series, value, level, text, n)
      join unnest(${array(written.map((c) => c.at.toISOString()))}::timestamptz[], ${array(written.map((c) => c.api))}::int[],
        ${array(exact)}::boolean[]) with ordinality as c(at, api, exact, i) on c.i = r.c
    group by c.i, c.at, c.api, c.exact`);
}

/** The attribute's series number and its API's key, which its readings are filed under. */
export async function seriesOf(
  db: Db,
  bayMetricId: string,
): Promise<{ series: number; api: number } | undefined> {
  const { rows } = await db.execute<{ series: number; api: number }>(sql`
    select bm.series, a.key as api from ${bayMetrics} bm
    join ${apiMetrics} am on am.id = bm.api_metric_id join ${apis} a on a.id = am.api_id
    where bm.id = ${bayMetricId}`);
  return rows[0];
}

/**
 * One series' stored raw readings in [from, to), with the last one before `from` (its value holds into
 * the range), oldest first.
 */
export async function readStoredPoints(
  db: Db,
  q: { series: number; api: number; from: Date; to: Date; lookBackMs: number },
): Promise<StoredPoint[]> {
  const since = new Date(q.from.getTime() - q.lookBackMs);
  const { rows } = await db.execute<{
    at: Date | string;
    value: number | null;
    exact: number | null;
    level: number;
    text: string | null;
  }>(sql`
    (select r.read_at as at, r.value[p.i] as value, r.exact[p.i] as exact, get_byte(r.level, p.i - 1) as level,
       r.text[p.i] as text
     from readings r cross join lateral (select array_position(r.series, ${q.series}) as i) p
     where r.api = ${q.api} and r.read_at >= ${since} and r.read_at < ${q.from} and p.i is not null
     order by r.read_at desc limit 1)
    union all
    (select r.read_at, r.value[p.i], r.exact[p.i], get_byte(r.level, p.i - 1), r.text[p.i]
     from readings r cross join lateral (select array_position(r.series, ${q.series}) as i) p
     where r.api = ${q.api} and r.read_at >= ${q.from} and r.read_at < ${q.to} and p.i is not null)
    order by 1`);
  return rows.map((r) => ({
    at: new Date(r.at).getTime(),
    value: r.exact ?? (r.value === null ? null : Number(r.value)),
    level: Number(r.level),
    text: r.text,
  }));
}

/**
 * One series from a rollup tier in buckets of `bucketSeconds`: the minute tier (a row per API and hour) or
 * the hour tier (a row per API and UTC day), unpacked by the rollup codec (the one place that reads
 * them) and merged per bucket (averages weighted by their counts, the last text, the worst level).
 */
export async function readRollup(
  db: Db,
  q: { series: number; api: number; from: Date; to: Date; bucketSeconds: number; tier: 'minute' | 'hour' },
): Promise<Bucket[]> {
  const stepMs = q.tier === 'minute' ? 60_000 : 3_600_000;
  const span = q.tier === 'minute' ? sql`interval '1 hour'` : sql`interval '1 day'`;
  const table = q.tier === 'minute' ? sql`readings_minute` : sql`readings_hour`;
  const { rows } = await db.execute<{ bucket: Date | string; data: Buffer }>(sql`
    select bucket, data from ${table}
    where api = ${q.api} and bucket > ${q.from}::timestamptz - ${span} and bucket < ${q.to}
    order by bucket`);
  const bucketMs = q.bucketSeconds * 1000;
  const from = q.from.getTime();
  const to = q.to.getTime();
  const buckets = new Map<number, RollupEntry[]>();
  for (const row of rows) {
    const start = new Date(row.bucket).getTime();
    for (const e of decodeRollup(row.data, q.series).get(q.series) ?? []) {
      const at = start + e.slot * stepMs;
      if (at < from || at >= to) continue;
      const b = Math.floor(at / bucketMs) * bucketMs;
      const list = buckets.get(b);
      // The slot carries the entry's order across rows for the last text.
      const entry = { ...e, slot: at };
      if (list) list.push(entry);
      else buckets.set(b, [entry]);
    }
  }
  return [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([at, entries]) => {
      const m = mergeEntries(0, entries);
      return { at, min: m.min, max: m.max, avg: m.avg, text: m.text, count: m.count, worst: m.worst };
    });
}
