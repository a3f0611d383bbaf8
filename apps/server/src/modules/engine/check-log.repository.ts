import { LATENCY_BUCKETS, latencyBucket } from '@vaskedrift/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiCheckLogs, apiCheckStats } from '../../db/schema';
import { array } from '../../db/sql-values';

/* Checks' lines in their APIs' check logs and their counts in the APIs' hours. */

export type CheckLogRow = {
  apiId: string;
  startedAt: Date;
  source: 'poll' | 'push';
  outcome: 'ok' | 'error';
  durationMs: number;
  httpStatus: number | null;
  bytes: number | null;
  records: number | null;
  error: string | null;
  errorCode: string | null;
};

export async function insertCheckLogs(tx: Db, rows: CheckLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(apiCheckLogs).values(rows);
}

/** The stored hour's latency histogram plus the one being added, bucket by bucket. */
const HISTOGRAM_SUM = sql`array(select a + b from unnest(${apiCheckStats.durationHistogram},
  excluded.duration_histogram) with ordinality as h(a, b, i) order by i)`;

/** Counts the checks in their APIs' hours (success rate and latency without a row per check), in one statement. */
export async function countChecks(tx: Db, rows: CheckLogRow[]): Promise<void> {
  if (rows.length > 0) await tx.execute(countChecksStatement(rows));
}

/** `countChecks`' statement, for a statement that does it beside other writes (the quiet checks' one). */
export function countChecksStatement(rows: CheckLogRow[]): SQL {
  return sql`
    insert into ${apiCheckStats}
      (api_id, hour, checks, failures, duration_sum_ms, duration_max_ms, bytes_sum, duration_histogram)
    select api_id, hour, checks, failures, duration_sum_ms, duration_max_ms, bytes_sum,
      array(select (select count(*) from unnest(buckets) b where b = i)::int
        from generate_series(0, ${LATENCY_BUCKETS - 1}) i order by i)
    from (
      select api_id, date_trunc('hour', started_at) as hour, count(*) as checks,
        count(*) filter (where outcome = 'error') as failures, sum(duration_ms) as duration_sum_ms,
        max(duration_ms) as duration_max_ms, coalesce(sum(bytes), 0) as bytes_sum, array_agg(bucket) as buckets
      from unnest(${array(rows.map((c) => c.apiId))}::uuid[], ${array(rows.map((c) => c.startedAt))}::timestamptz[],
        ${array(rows.map((c) => c.outcome))}::text[], ${array(rows.map((c) => c.durationMs))}::int[],
        ${array(rows.map((c) => c.bytes))}::int[], ${array(rows.map((c) => latencyBucket(c.durationMs)))}::int[])
        as c(api_id, started_at, outcome, duration_ms, bytes, bucket)
      group by 1, 2
    ) per_hour
    on conflict (api_id, hour) do update set
      checks = ${apiCheckStats.checks} + excluded.checks,
      failures = ${apiCheckStats.failures} + excluded.failures,
      duration_sum_ms = ${apiCheckStats.durationSumMs} + excluded.duration_sum_ms,
      duration_max_ms = greatest(${apiCheckStats.durationMaxMs}, excluded.duration_max_ms),
      duration_histogram = ${HISTOGRAM_SUM},
      bytes_sum = ${apiCheckStats.bytesSum} + excluded.bytes_sum`;
}
