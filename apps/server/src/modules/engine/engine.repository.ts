import type { AttributeLevel, BayStatus, Operator, ValueType } from '@vaskedrift/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiCheckLogs, apiCheckStats, apiMetrics, apis, bayMetrics, bays, locations } from '../../db/schema';

/*
 * The status engine's SQL: claiming due APIs, the rules of a check, and writing what a check found. Each
 * write takes whole arrays (`unnest`), so a check of 10,000 attributes is a handful of statements.
 */

const array = (values: unknown[]) => sql.param(values);
const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * An attribute is evaluated while its API attribute is enabled and its API enabled and not deleted.
 * Only those count for a bay's status.
 */
export const EVALUATED_ATTRIBUTE = sql`${apiMetrics.status} = 'enabled' and ${apis.status} = 'enabled' and ${apis.deletedAt} is null`;

/** An API with everything a check needs, its secrets still sealed. */
export type StoredApi = typeof apis.$inferSelect;

export type ClaimedApi = StoredApi & { dueAt: Date; claimedAt: Date };

/**
 * Claims up to `limit` due APIs for this instance by moving their `next_check_at` forward in the same
 * statement that finds them (`FOR UPDATE SKIP LOCKED`): another instance neither waits for nor sees a
 * claimed row as due. The next slot keeps the API's phase (due + k·interval), at least half an interval
 * away, so a late or restarted scheduler checks each overdue API once, not once per missed slot.
 */
export async function claimDueApis(db: Db, limit: number): Promise<ClaimedApi[]> {
  const result = await db.execute(sql`
    with due as (
      select id, next_check_at from ${apis}
      where status = 'enabled' and deleted_at is null and next_check_at <= now()
      order by next_check_at
      limit ${limit}
      for update skip locked
    )
    update ${apis} a set next_check_at = due.next_check_at + make_interval(secs => a.check_interval *
      (1 + floor((extract(epoch from now() - due.next_check_at) + a.check_interval / 2.0) / a.check_interval)))
    from due where a.id = due.id
    returning a.id, due.next_check_at as due_at, now() as claimed_at`);
  if (result.rows.length === 0) return [];
  const claimed = new Map(
    (result.rows as Array<{ id: string; due_at: Date | string; claimed_at: Date | string }>).map((r) => [
      r.id,
      { dueAt: new Date(r.due_at), claimedAt: new Date(r.claimed_at) },
    ]),
  );
  const rows = await db
    .select()
    .from(apis)
    .where(sql`${apis.id} = any(${array([...claimed.keys()])}::uuid[])`);
  return rows.flatMap((row) => {
    const times = claimed.get(row.id);
    return times ? [{ ...row, ...times }] : [];
  });
}

export type Rule = {
  id: string;
  series: number;
  bayId: string;
  bayName: string;
  locationId: string;
  locationName: string;
  apiMetricId: string;
  apiMetricName: string;
  keyIdentifier: string;
  keyValue: string;
  path: string;
  type: ValueType;
  operator: Operator;
  thresholdActive: string;
  thresholdWarning: string;
  thresholdCritical: string;
  thresholdInactive: string;
  lastLevel: AttributeLevel | null;
  lastReason: string | null;
  storedValue: string | number | boolean | null;
  storedAt: Date | null;
  deadbandPercent: number | null;
  pendingChecks: number;
  levelChecks: number;
};

/** The bay attributes a check of this API evaluates: enabled API attributes, live bays and facilities. */
export async function loadRules(db: Db, apiId: string): Promise<Rule[]> {
  return db
    .select({
      id: bayMetrics.id,
      series: bayMetrics.series,
      bayId: bayMetrics.bayId,
      bayName: bays.name,
      locationId: bays.locationId,
      locationName: locations.name,
      apiMetricId: apiMetrics.id,
      apiMetricName: apiMetrics.name,
      keyIdentifier: apiMetrics.keyIdentifier,
      keyValue: bayMetrics.keyValue,
      path: bayMetrics.path,
      type: bayMetrics.type,
      operator: bayMetrics.operator,
      thresholdActive: bayMetrics.thresholdActive,
      thresholdWarning: bayMetrics.thresholdWarning,
      thresholdCritical: bayMetrics.thresholdCritical,
      thresholdInactive: bayMetrics.thresholdInactive,
      lastLevel: bayMetrics.lastLevel,
      lastReason: bayMetrics.lastReason,
      storedValue: bayMetrics.storedValue,
      storedAt: bayMetrics.storedAt,
      deadbandPercent: bayMetrics.deadbandPercent,
      pendingChecks: bayMetrics.pendingChecks,
      levelChecks: bayMetrics.levelChecks,
    })
    .from(bayMetrics)
    .innerJoin(apiMetrics, eq(apiMetrics.id, bayMetrics.apiMetricId))
    .innerJoin(bays, and(eq(bays.id, bayMetrics.bayId), isNull(bays.deletedAt)))
    .innerJoin(locations, and(eq(locations.id, bays.locationId), isNull(locations.deletedAt)))
    .where(and(eq(apiMetrics.apiId, apiId), eq(apiMetrics.status, 'enabled')))
    .orderBy(bayMetrics.id);
}

/** An API's failures in a row, the last success before them and the last error. */
export type FailureRun = { failures: number; lastSuccessAt: Date | null; lastError: string | null };

/** A success: the failure count starts over. Returns the run it ended (0 failures: none). */
export async function markSuccess(tx: Db, apiId: string, at: Date): Promise<FailureRun> {
  const result = await tx.execute<{
    previous: number;
    last_success_at: Date | string | null;
    last_error: string | null;
  }>(sql`
    update ${apis} a set consecutive_failures = 0, last_check_at = ${at}, last_success_at = ${at}, last_error = null
    from (select id, consecutive_failures, last_success_at, last_error from ${apis} where id = ${apiId} for update) old
    where a.id = old.id
    returning old.consecutive_failures as previous, old.last_success_at, old.last_error`);
  const row = result.rows[0];
  return {
    failures: Number(row?.previous ?? 0),
    lastSuccessAt: row?.last_success_at ? new Date(row.last_success_at) : null,
    lastError: row?.last_error ?? null,
  };
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

/** A failure: one more in a row. Returns the new count and the last success before the run. */
export async function markFailure(
  tx: Db,
  apiId: string,
  at: Date,
  error: string,
): Promise<{ failures: number; lastSuccessAt: Date | null }> {
  const result = await tx.execute<{ failures: number; last_success_at: Date | string | null }>(sql`
    update ${apis} set consecutive_failures = consecutive_failures + 1, last_check_at = ${at}, last_error = ${error}
    where id = ${apiId}
    returning consecutive_failures as failures, last_success_at`);
  const row = result.rows[0];
  return {
    failures: Number(row?.failures ?? 0),
    lastSuccessAt: row?.last_success_at ? new Date(row.last_success_at) : null,
  };
}

export type AttributeResult = {
  id: string;
  value: string | number | boolean | null;
  level: AttributeLevel;
  reason: string;
  /** A raw reading is stored for it in this check (decision 007). */
  stored: boolean;
  /** The new count of checks the level has held, while it counts the pending period; null: unchanged. */
  levelChecks: number | null;
};

/**
 * The last readings that changed (those stored as raw readings, and no-data reasons), in one statement.
 * An unchanged attribute's row is left alone: rewriting 50,000 rows every 30 s for a new `last_read_at`
 * would be most of the database's work; the time it was last read is its API's last success.
 */
export async function writeAttributeResults(tx: Db, results: AttributeResult[], at: Date): Promise<void> {
  if (results.length === 0) return;
  await tx.execute(sql`
    update ${bayMetrics} bm set last_value = u.value, last_level = u.level, last_reason = u.reason,
      last_read_at = ${at},
      stored_value = case when u.stored then u.value else bm.stored_value end,
      stored_at = case when u.stored then ${at}::timestamptz else bm.stored_at end,
      level_checks = coalesce(u.level_checks, bm.level_checks)
    from unnest(${array(results.map((r) => r.id))}::uuid[], ${array(results.map((r) => json(r.value)))}::jsonb[],
      ${array(results.map((r) => r.level))}::text[], ${array(results.map((r) => r.reason))}::text[],
      ${array(results.map((r) => r.stored))}::boolean[], ${array(results.map((r) => r.levelChecks))}::int[])
      as u(id, value, level, reason, stored, level_checks)
    where bm.id = u.id`);
}

/** Attributes that stop being evaluated lose their level, so they open alerts afresh when evaluated again. */
export async function clearLevels(tx: Db, bayMetricIds: string[]): Promise<void> {
  if (bayMetricIds.length === 0) return;
  await tx
    .update(bayMetrics)
    .set({ lastLevel: null, lastReason: null })
    .where(sql`${bayMetrics.id} = any(${array(bayMetricIds)}::uuid[])`);
}

/** Locks the bays (in id order: two checks never deadlock) and reads the levels of their evaluated attributes. */
export async function lockBayLevels(
  tx: Db,
  bayIds: string[],
): Promise<Array<{ id: string; status: BayStatus; levels: AttributeLevel[] }>> {
  if (bayIds.length === 0) return [];
  await tx
    .select({ id: bays.id })
    .from(bays)
    .where(and(sql`${bays.id} = any(${array(bayIds)}::uuid[])`, isNull(bays.deletedAt)))
    .orderBy(bays.id)
    .for('update');
  const rows = await tx
    .select({
      id: bays.id,
      status: bays.status,
      levels: sql<AttributeLevel[]>`coalesce(array_agg(${bayMetrics.lastLevel})
        filter (where ${bayMetrics.lastLevel} is not null and ${EVALUATED_ATTRIBUTE}), '{}')`,
    })
    .from(bays)
    .leftJoin(bayMetrics, eq(bayMetrics.bayId, bays.id))
    .leftJoin(apiMetrics, eq(apiMetrics.id, bayMetrics.apiMetricId))
    .leftJoin(apis, eq(apis.id, apiMetrics.apiId))
    .where(and(sql`${bays.id} = any(${array(bayIds)}::uuid[])`, isNull(bays.deletedAt)))
    .groupBy(bays.id);
  return rows;
}

/** Whether a bay has an evaluated attribute: its status is then derived, not set by hand. */
export async function hasEvaluatedAttributes(db: Db, bayId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bayMetrics.id })
    .from(bayMetrics)
    .innerJoin(apiMetrics, eq(apiMetrics.id, bayMetrics.apiMetricId))
    .innerJoin(apis, eq(apis.id, apiMetrics.apiId))
    .where(and(eq(bayMetrics.bayId, bayId), EVALUATED_ATTRIBUTE))
    .limit(1);
  return row !== undefined;
}

/** The attributes (and their bays) of an API, of an API attribute, or given by id. */
export async function attributesOf(
  tx: Db,
  of: { apiId: string } | { apiMetricId: string } | { bayMetricIds: string[] },
): Promise<Array<{ id: string; bayId: string }>> {
  const where =
    'apiId' in of
      ? eq(apiMetrics.apiId, of.apiId)
      : 'apiMetricId' in of
        ? eq(bayMetrics.apiMetricId, of.apiMetricId)
        : sql`${bayMetrics.id} = any(${array(of.bayMetricIds)}::uuid[])`;
  return tx
    .select({ id: bayMetrics.id, bayId: bayMetrics.bayId })
    .from(bayMetrics)
    .innerJoin(apiMetrics, eq(apiMetrics.id, bayMetrics.apiMetricId))
    .where(where);
}

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
    })
    .onConflictDoUpdate({
      target: [apiCheckStats.apiId, apiCheckStats.hour],
      set: {
        checks: sql`${apiCheckStats.checks} + 1`,
        failures: sql`${apiCheckStats.failures} + ${failed}`,
        durationSumMs: sql`${apiCheckStats.durationSumMs} + ${row.durationMs}`,
        durationMaxMs: sql`greatest(${apiCheckStats.durationMaxMs}, ${row.durationMs})`,
        bytesSum: sql`${apiCheckStats.bytesSum} + ${row.bytes ?? 0}`,
      },
    });
}

/** The API attributes of an API with their key identifiers (for 'Test tilkobling'). */
export async function apiMetricKeys(db: Db, apiId: string) {
  return db
    .select({ id: apiMetrics.id, name: apiMetrics.name, keyIdentifier: apiMetrics.keyIdentifier })
    .from(apiMetrics)
    .where(eq(apiMetrics.apiId, apiId))
    .orderBy(apiMetrics.name);
}
