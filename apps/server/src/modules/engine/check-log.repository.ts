import { latencyHistogramOf } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiCheckLogs, apiCheckStats } from '../../db/schema';

/* A check's line in its API's check log and its count in the API's hour. */

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

export async function insertCheckLog(tx: Db, row: CheckLogRow): Promise<void> {
  await tx.insert(apiCheckLogs).values(row);
}

/** The stored hour's latency histogram plus the one being added, bucket by bucket. */
export const HISTOGRAM_SUM = sql`array(select a + b from unnest(${apiCheckStats.durationHistogram},
  excluded.duration_histogram) with ordinality as h(a, b, i) order by i)`;

/** Counts the check in its API's hour (success rate and latency without a row per check). */
export async function countCheck(tx: Db, row: CheckLogRow): Promise<void> {
  const failed = row.outcome === 'error' ? 1 : 0;
  await tx
    .insert(apiCheckStats)
    .values({
      apiId: row.apiId,
      hour: sql`date_trunc('hour', ${row.startedAt}::timestamptz)`,
      checks: 1,
      failures: failed,
      durationSumMs: row.durationMs,
      durationMaxMs: row.durationMs,
      bytesSum: row.bytes ?? 0,
      durationHistogram: latencyHistogramOf(row.durationMs),
    })
    .onConflictDoUpdate({
      target: [apiCheckStats.apiId, apiCheckStats.hour],
      set: {
        checks: sql`${apiCheckStats.checks} + 1`,
        failures: sql`${apiCheckStats.failures} + ${failed}`,
        durationSumMs: sql`${apiCheckStats.durationSumMs} + ${row.durationMs}`,
        durationMaxMs: sql`greatest(${apiCheckStats.durationMaxMs}, ${row.durationMs})`,
        bytesSum: sql`${apiCheckStats.bytesSum} + ${row.bytes ?? 0}`,
        durationHistogram: HISTOGRAM_SUM,
      },
    });
}
