import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiCheckLogs, apis } from '../../db/schema';

/** An API's failures in a row, the last success before them and the last error. */
export type FailureRun = { failures: number; lastSuccessAt: Date | null; lastError: string | null };

/**
 * Locks the API's row for the check (the lock admin changes to its attributes queue behind) and reads its
 * run of failures as the check finds it.
 */
export async function lockApiRun(tx: Db, apiId: string): Promise<FailureRun> {
  const result = await tx.execute<{
    failures: number;
    last_success_at: Date | string | null;
    last_error: string | null;
  }>(sql`
    select consecutive_failures as failures, last_success_at, last_error from ${apis} where id = ${apiId} for update`);
  const row = result.rows[0];
  return {
    failures: Number(row?.failures ?? 0),
    lastSuccessAt: row?.last_success_at ? new Date(row.last_success_at) : null,
    lastError: row?.last_error ?? null,
  };
}

/**
 * Writes the check's outcome on its API: a success starts the failure count over, a failure adds one. Like
 * every write of a check it moves `rules_version` on: what the check writes of its attributes is in no
 * instance's cache yet.
 */
export async function writeApiRun(
  tx: Db,
  apiId: string,
  at: Date,
  outcome: { ok: true } | { ok: false; error: string },
): Promise<void> {
  await tx.execute(
    outcome.ok
      ? sql`update ${apis} set consecutive_failures = 0, last_check_at = ${at}, last_success_at = ${at},
          last_error = null, rules_version = rules_version + 1
        where id = ${apiId}`
      : sql`update ${apis} set consecutive_failures = consecutive_failures + 1, last_check_at = ${at},
          last_error = ${outcome.error}, rules_version = rules_version + 1
        where id = ${apiId}`,
  );
}

/**
 * When the API's current run of failures began: its first failed check after `since` (the last success),
 * or `startedAt` (the check at hand) when none is logged yet. Every failure is in the check log (decision
 * 009), so two instances find the same time, and `api.down` of one run is recorded once.
 */
export async function firstFailureOfRun(
  tx: Db,
  apiId: string,
  since: Date | null,
  startedAt: Date,
): Promise<Date> {
  const result = await tx.execute<{ first: Date | string | null }>(sql`
    select min(started_at) as first from ${apiCheckLogs}
    where api_id = ${apiId} and outcome = 'error' and started_at > ${since ?? new Date(0)}`);
  const first = result.rows[0]?.first;
  return first && new Date(first) < startedAt ? new Date(first) : startedAt;
}
