import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/*
 * The partitions of the readings tables (decision 022): raw readings and the minute tier by UTC day, the
 * hour tier by UTC month, each with a DEFAULT partition that takes rows whose partition is not made yet.
 * Made ahead and on demand by `readings_partition(parent, from, to)` (migration 0016), which also moves
 * rows of that range out of the default partition; dropped whole when past retention.
 */

export type ReadingsTable = 'readings' | 'readings_minute' | 'readings_hour';
const UNIT: Record<ReadingsTable, 'day' | 'month'> = {
  readings: 'day',
  readings_minute: 'day',
  readings_hour: 'month',
};
/** Partitions made ahead of time, so the day (or month) turning over never lands rows in the default. */
const AHEAD = { day: 2, month: 1 } as const;

function startOf(unit: 'day' | 'month', t: Date): Date {
  return unit === 'day'
    ? new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()))
    : new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1));
}
function add(unit: 'day' | 'month', t: Date, n: number): Date {
  return unit === 'day'
    ? new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate() + n))
    : new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + n, 1));
}

const TABLES = Object.keys(UNIT) as ReadingsTable[];

/**
 * Makes the partitions of every readings table from the one holding `now` to `AHEAD` units later, and
 * those any row in a default partition needs (moving those rows in), in one statement: most rounds find
 * every one made, and `readings_partition` answers that from the catalog. Returns how many were made.
 */
export async function ensurePartitions(tx: Db, now: Date): Promise<number> {
  const ahead = TABLES.flatMap((table) => {
    const unit = UNIT[table];
    const first = startOf(unit, now);
    return Array.from({ length: AHEAD[unit] + 1 }, (_, i) => ({
      table,
      start: add(unit, first, i),
      end: add(unit, first, i + 1),
    }));
  });
  // The ranges of the rows waiting in each default partition, by the same UTC day or month.
  const waiting = TABLES.map((table) => {
    const column = table === 'readings' ? sql`read_at` : sql`bucket`;
    const unit = sql.raw(`'${UNIT[table]}'`);
    const step = sql.raw(`interval '1 ${UNIT[table]}'`);
    return sql`select distinct ${table}::text, date_trunc(${unit}, ${column} at time zone 'UTC') at time zone 'UTC',
      (date_trunc(${unit}, ${column} at time zone 'UTC') + ${step}) at time zone 'UTC'
      from ${sql.identifier(`${table}_default`)}`;
  });
  const { rows } = await tx.execute<{ made: boolean }>(sql`
    select readings_partition(parent, from_at, to_at) as made from (
      select * from unnest(${sql.param(ahead.map((p) => p.table))}::text[], ${sql.param(ahead.map((p) => p.start))}::timestamptz[],
        ${sql.param(ahead.map((p) => p.end))}::timestamptz[])
      union ${sql.join(waiting, sql` union `)}
    ) as wanted(parent, from_at, to_at)
    order by parent, from_at`);
  return rows.filter((r) => r.made).length;
}

/**
 * Drops the partitions of `table` that end at or before `before`: pruning costs a catalog change, not a
 * DELETE of every row. Returns the partitions dropped.
 */
export async function dropPartitionsBefore(tx: Db, table: ReadingsTable, before: Date): Promise<string[]> {
  const unit = UNIT[table];
  const { rows } = await tx.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = ${table}::regclass and c.relname ~ '_p[0-9]{8}$'`);
  const dropped: string[] = [];
  for (const { name } of rows) {
    const digits = name.slice(-8);
    const start = new Date(
      Date.UTC(Number(digits.slice(0, 4)), Number(digits.slice(4, 6)) - 1, Number(digits.slice(6))),
    );
    if (add(unit, start, 1) > before) continue;
    await tx.execute(sql`drop table ${sql.identifier(name)}`);
    dropped.push(name);
  }
  return dropped.sort();
}
