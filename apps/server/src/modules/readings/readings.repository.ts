import { type AttributeLevel, LEVEL_CODES } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bayMetrics, readings, readingsHour, readingsMinute } from '../../db/schema';

export type ReadingRow = {
  series: number;
  value: string | number | boolean | null;
  level: AttributeLevel;
};

const array = (values: unknown[]) => sql.param(values);

/** The stored readings of one or more checks, each with its time, in one INSERT. */
export type CheckReadings = { at: Date; rows: ReadingRow[] };

/** Stored readings of several checks in one INSERT: numbers (booleans as 1/0) in `value`, text in `text`. */
export async function insertReadings(tx: Db, checks: CheckReadings[]): Promise<void> {
  const rows = checks.flatMap((c) => c.rows.map((r) => ({ ...r, at: c.at })));
  if (rows.length === 0) return;
  const numbers = rows.map((r) =>
    typeof r.value === 'number' ? r.value : typeof r.value === 'boolean' ? (r.value ? 1 : 0) : null,
  );
  const texts = rows.map((r) => (typeof r.value === 'string' ? r.value : null));
  await tx.execute(sql`
    insert into ${readings} (series, read_at, value, text, level)
    select series, read_at, value, text, level from unnest(
      ${array(rows.map((r) => r.series))}::int[], ${array(rows.map((r) => r.at))}::timestamptz[],
      ${array(numbers)}::float8[], ${array(texts)}::text[],
      ${array(rows.map((r) => LEVEL_CODES[r.level]))}::int2[]
    ) as r(series, read_at, value, text, level)`);
}

export type PointRow = {
  at: Date;
  min: number | null;
  max: number | null;
  avg: number | null;
  text: string | null;
  count: number;
  worst: number;
};

export async function seriesOf(db: Db, bayMetricId: string): Promise<number | undefined> {
  const { rows } = await db.execute<{ series: number }>(
    sql`select series from ${bayMetrics} where id = ${bayMetricId}`,
  );
  return rows[0]?.series;
}

/**
 * One series downsampled to buckets of `bucketSeconds` from the tier asked for: raw readings, or the
 * minute or hour rollups (averages weighted by their counts).
 */
export async function readPoints(
  db: Db,
  q: { series: number; from: Date; to: Date; bucketSeconds: number; tier: 'raw' | 'minute' | 'hour' },
): Promise<PointRow[]> {
  const bucket = (column: ReturnType<typeof sql>) =>
    sql`to_timestamp(floor(extract(epoch from ${column}) / ${q.bucketSeconds}) * ${q.bucketSeconds})`;
  const statement =
    q.tier === 'raw'
      ? sql`select ${bucket(sql`read_at`)} as at, min(value) as min, max(value) as max, avg(value) as avg,
            (array_agg(text order by read_at desc) filter (where text is not null))[1] as text,
            count(*)::int as count, max(level)::int as worst
          from ${readings} where series = ${q.series} and read_at >= ${q.from} and read_at < ${q.to}
          group by 1 order by 1`
      : sql`select ${bucket(sql`e.at`)} as at, min(e.mn) as min, max(e.mx) as max,
            sum(e.av * e.c) filter (where e.av is not null) / nullif(sum(e.c) filter (where e.av is not null), 0) as avg,
            (array_agg(e.t order by e.at desc) filter (where e.t is not null))[1] as text,
            sum(e.c)::int as count, max(e.w)::int as worst
          from ${q.tier === 'minute' ? readingsMinute : readingsHour} r
          cross join lateral (
            select r.bucket + u.slot * ${q.tier === 'minute' ? sql`interval '1 minute'` : sql`interval '1 hour'`} as at,
              u.mn, u.mx, u.av, u.c, u.w, u.t
            from unnest(r.slots, r.min, r.max, r.avg, r.count, r.worst, r.last_text) as u(slot, mn, mx, av, c, w, t)
          ) e
          where r.series = ${q.series} and r.bucket > ${q.from}::timestamptz - ${q.tier === 'minute' ? sql`interval '1 hour'` : sql`interval '1 day'`}
            and r.bucket < ${q.to} and e.at >= ${q.from} and e.at < ${q.to}
          group by 1 order by 1`;
  const { rows } = await db.execute<PointRow>(statement);
  return rows.map((r) => ({
    ...r,
    at: new Date(r.at),
    min: r.min === null ? null : Number(r.min),
    max: r.max === null ? null : Number(r.max),
    avg: r.avg === null ? null : Number(r.avg),
  }));
}
