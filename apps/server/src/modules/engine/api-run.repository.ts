import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiCheckLogs, apis } from '../../db/schema';
import { array } from '../../db/sql-values';

/** An API's failures in a row, the last success before them and the last error. */
export type FailureRun = { failures: number; lastSuccessAt: Date | null; lastError: string | null };

/** A run with no check yet (or an API gone meanwhile). */
const NO_RUN: FailureRun = { failures: 0, lastSuccessAt: null, lastError: null };

/**
 * Locks the APIs' rows for their checks, in id order (decision 009: API rows first, so two transactions
 * never deadlock on them; the lock admin changes to its attributes queue behind), and reads each API's run
 * of failures as its check finds it.
 */
export async function lockApiRuns(tx: Db, apiIds: string[]): Promise<Map<string, FailureRun>> {
  if (apiIds.length === 0) return new Map();
  const result = await tx.execute<{
    id: string;
    failures: number;
    last_success_at: Date | string | null;
    last_error: string | null;
  }>(sql`
    select id, consecutive_failures as failures, last_success_at, last_error from ${apis}
    where id = any(${array(apiIds)}::uuid[]) order by id for update`);
  return new Map(
    result.rows.map((row) => [
      row.id,
      {
        failures: Number(row.failures),
        lastSuccessAt: row.last_success_at ? new Date(row.last_success_at) : null,
        lastError: row.last_error,
      },
    ]),
  );
}

/** The run of an API as `lockApiRuns` read it. */
export const runOf = (runs: ReadonlyMap<string, FailureRun>, apiId: string) => runs.get(apiId) ?? NO_RUN;

/** A check's outcome on its API. */
export type ApiRunWrite = { apiId: string; at: Date; outcome: { ok: true } | { ok: false; error: string } };

/**
 * Writes the checks' outcomes on their APIs (one check an API) in one statement: a success starts the
 * failure count over, a failure adds one. Like every write of a check it moves `rules_version` on: what the
 * check writes of its attributes is in no other instance's cache yet. Answers each API's `rules_version`
 * after it (the row is locked to the transaction: the checking instance knows the rules of that version).
 */
export async function writeApiRuns(tx: Db, runs: ApiRunWrite[]): Promise<Map<string, number>> {
  if (runs.length === 0) return new Map();
  const { rows } = await tx.execute<{ id: string; rules_version: number }>(sql`
    update ${apis} a set
      consecutive_failures = case when r.ok then 0 else a.consecutive_failures + 1 end,
      last_check_at = r.at,
      last_success_at = case when r.ok then r.at else a.last_success_at end,
      last_error = r.error,
      rules_version = a.rules_version + 1
    from unnest(${array(runs.map((r) => r.apiId))}::uuid[], ${array(runs.map((r) => r.at))}::timestamptz[],
      ${array(runs.map((r) => r.outcome.ok))}::boolean[],
      ${array(runs.map((r) => (r.outcome.ok ? null : r.outcome.error)))}::text[]) as r(id, at, ok, error)
    where a.id = r.id
    returning a.id, a.rules_version`);
  return new Map(rows.map((r) => [r.id, r.rules_version]));
}

/**
 * When each API's current run of failures began: its first failed check after `since` (the last success),
 * or `startedAt` (the check at hand) when none is logged yet. Every failure is in the check log (decision
 * 009), so two instances find the same time, and `api.down` of one run is recorded once.
 */
export async function firstFailuresOfRuns(
  tx: Db,
  runs: Array<{ apiId: string; since: Date | null; startedAt: Date }>,
): Promise<Date[]> {
  if (runs.length === 0) return [];
  const result = await tx.execute<{ n: number | string; first: Date | string | null }>(sql`
    select r.n, f.first from unnest(${array(runs.map((r) => r.apiId))}::uuid[],
      ${array(runs.map((r) => r.since ?? new Date(0)))}::timestamptz[]) with ordinality as r(api_id, since, n)
    cross join lateral (
      select min(started_at) as first from ${apiCheckLogs}
      where api_id = r.api_id and outcome = 'error' and started_at > r.since
    ) f`);
  const firsts = new Map(result.rows.map((row) => [Number(row.n), row.first]));
  return runs.map((r, i) => {
    const first = firsts.get(i + 1);
    return first && new Date(first) < r.startedAt ? new Date(first) : r.startedAt;
  });
}
