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

/**
 * Makes the partitions of `table` from the one holding `now` to `AHEAD` units later, and those any row in
 * the default partition needs (moving those rows in). Returns how many were made.
 */
export async function ensurePartitions(tx: Db, table: ReadingsTable, now: Date): Promise<number> {
  const unit = UNIT[table];
  const column = table === 'readings' ? sql`read_at` : sql`bucket`;
  const { rows } = await tx.execute<{ start: Date | string }>(
    sql`select distinct date_trunc(${unit}, ${column} at time zone 'UTC') at time zone 'UTC' as start
        from ${sql.identifier(`${table}_default`)}`,
  );
  const starts = new Map<number, Date>();
  for (const r of rows) starts.set(new Date(r.start).getTime(), new Date(r.start));
  const first = startOf(unit, now);
  for (let i = 0; i <= AHEAD[unit]; i++) starts.set(add(unit, first, i).getTime(), add(unit, first, i));
  let made = 0;
  for (const start of [...starts.values()].sort((a, b) => a.getTime() - b.getTime())) {
    const { rows: result } = await tx.execute<{ made: boolean }>(
      sql`select readings_partition(${table}, ${start}, ${add(unit, start, 1)}) as made`,
    );
    if (result[0]?.made) made++;
  }
  return made;
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
