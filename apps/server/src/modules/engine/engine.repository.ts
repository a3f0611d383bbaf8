import {
  type AttributeLevel,
  type BayStatus,
  LATENCY_BUCKETS,
  latencyBucket,
  latencyHistogramOf,
  type Operator,
  type PreparedBayAttribute,
  type ValueType,
} from '@vaskedrift/shared';
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
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
  const claimed = await db
    .update(apis)
    .set({
      nextCheckAt: sql`due.next_check_at + make_interval(secs => ${apis.checkInterval} *
        (1 + floor((extract(epoch from now() - due.next_check_at) + ${apis.checkInterval} / 2.0) / ${apis.checkInterval})))`,
    })
    .from(sql`(
      select id, next_check_at from ${apis}
      where status = 'enabled' and deleted_at is null and next_check_at <= now()
      order by next_check_at
      limit ${limit}
      for update skip locked
    ) as due`)
    .where(sql`${apis.id} = due.id`)
    .returning({
      ...getTableColumns(apis),
      dueAt: sql<Date | string>`due.next_check_at`,
      claimedAt: sql<Date | string>`now()`,
    });
  return claimed.map((r) => ({ ...r, dueAt: new Date(r.dueAt), claimedAt: new Date(r.claimedAt) }));
}

/** What evaluating an attribute and deciding what to store read of its rule (all a quiet check needs). */
export type RuleCore = {
  series: number;
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
  /** The rule with its path parsed and thresholds converted, once: the rules cache keeps it so. */
  preparedRule?: PreparedBayAttribute;
};

/** A bay attribute as a check reads it: its rule and state, with the names that alerts and notifications show. */
export type Rule = RuleCore & {
  id: string;
  bayId: string;
  bayName: string;
  locationId: string;
  locationName: string;
  apiMetricId: string;
  apiMetricName: string;
};

/** The bay attributes a check of this API evaluates: enabled API attributes, live bays and facilities. */
export async function loadRules(db: Db, apiId: string): Promise<Rule[]> {
  return (await loadRulesOf(db, [apiId])).get(apiId) ?? [];
}

/**
 * The rules of several APIs in one query, by API. Read by every check, so in plain SQL with the rule's
 * field names as column names: only the time needs mapping.
 */
export async function loadRulesOf(db: Db, apiIds: string[]): Promise<Map<string, Rule[]>> {
  const { rows } = await db.execute<Rule & { apiId: string }>(sql`
    select am.api_id as "apiId", bm.id, bm.series, bm.bay_id as "bayId", b.name as "bayName",
      b.location_id as "locationId", l.name as "locationName", am.id as "apiMetricId",
      am.name as "apiMetricName", am.key_identifier as "keyIdentifier", bm.key_value as "keyValue", bm.path,
      bm.type, bm.operator, bm.threshold_active as "thresholdActive", bm.threshold_warning as "thresholdWarning",
      bm.threshold_critical as "thresholdCritical", bm.threshold_inactive as "thresholdInactive",
      bm.last_level as "lastLevel", bm.last_reason as "lastReason", bm.stored_value as "storedValue",
      bm.stored_at as "storedAt", bm.deadband_percent as "deadbandPercent", bm.pending_checks as "pendingChecks",
      bm.level_checks as "levelChecks"
    from ${bayMetrics} bm
    join ${apiMetrics} am on am.id = bm.api_metric_id
    join ${bays} b on b.id = bm.bay_id and b.deleted_at is null
    join ${locations} l on l.id = b.location_id and l.deleted_at is null
    where am.api_id = any(${array(apiIds)}::uuid[]) and am.status = 'enabled'
    order by bm.id`);
  const byApi = new Map<string, Rule[]>();
  for (const row of rows) {
    // The driver leaves times as text; the row is used as it is (a copy per row costs more than the query).
    if (row.storedAt !== null) row.storedAt = new Date(row.storedAt);
    const list = byApi.get(row.apiId);
    if (list) list.push(row);
    else byApi.set(row.apiId, [row]);
  }
  return byApi;
}

/** An API's failures in a row, the last success before them and the last error. */
export type FailureRun = { failures: number; lastSuccessAt: Date | null; lastError: string | null };

/**
 * A success: the failure count starts over. Returns the run it ended (0 failures: none). Like every write of a
 * check it moves `rules_version` on: what the check writes of its attributes is in no instance's cache yet.
 */
export async function markSuccess(tx: Db, apiId: string, at: Date): Promise<FailureRun> {
  const result = await tx.execute<{
    previous: number;
    last_success_at: Date | string | null;
    last_error: string | null;
  }>(sql`
    update ${apis} a set consecutive_failures = 0, last_check_at = ${at}, last_success_at = ${at}, last_error = null,
      rules_version = a.rules_version + 1
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
    update ${apis} set consecutive_failures = consecutive_failures + 1, last_check_at = ${at}, last_error = ${error},
      rules_version = rules_version + 1
    where id = ${apiId}
    returning consecutive_failures as failures, last_success_at`);
  const row = result.rows[0];
  return {
    failures: Number(row?.failures ?? 0),
    lastSuccessAt: row?.last_success_at ? new Date(row.last_success_at) : null,
  };
}

export type AttributeResult = {
  /** The bay attribute's `series` (unique, as its id; smaller to send and to keep). */
  series: number;
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
    from unnest(${array(results.map((r) => r.series))}::int[], ${array(results.map((r) => json(r.value)))}::jsonb[],
      ${array(results.map((r) => r.level))}::text[], ${array(results.map((r) => r.reason))}::text[],
      ${array(results.map((r) => r.stored))}::boolean[], ${array(results.map((r) => r.levelChecks))}::int[])
      as u(series, value, level, reason, stored, level_checks)
    where bm.series = u.series`);
}

/**
 * Attributes that stop being evaluated lose their level, so they open alerts afresh when evaluated again;
 * their APIs' cached rules are stale from then on.
 */
export async function clearLevels(tx: Db, bayMetricIds: string[]): Promise<void> {
  if (bayMetricIds.length === 0) return;
  await tx.execute(sql`
    with cleared as (
      update ${bayMetrics} set last_level = null, last_reason = null
      where id = any(${array(bayMetricIds)}::uuid[])
      returning api_metric_id
    )
    select bump_rules_version(array(select distinct am.api_id from cleared c
      join ${apiMetrics} am on am.id = c.api_metric_id))`);
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

/** The stored hour's latency histogram plus the one being added, bucket by bucket. */
const HISTOGRAM_SUM = sql`array(select a + b from unnest(${apiCheckStats.durationHistogram},
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

/** The API attributes of an API with their key identifiers (for 'Test tilkobling'). */
export async function apiMetricKeys(db: Db, apiId: string) {
  return db
    .select({ id: apiMetrics.id, name: apiMetrics.name, keyIdentifier: apiMetrics.keyIdentifier })
    .from(apiMetrics)
    .where(eq(apiMetrics.apiId, apiId))
    .orderBy(apiMetrics.name);
}

/**
 * What a quiet check writes (a poll that succeeded after a success, with no level, pending-period or
 * no-data change): the API's success, the attributes whose reading is stored, its check log row (now and
 * then) and its count in the hour. Readings go separately (`insertReadings`).
 */
export type QuietCheck = {
  apiId: string;
  at: Date;
  /** Attributes whose reading is stored in this check; their level is the one the check read. */
  attributes: Array<Pick<AttributeResult, 'series' | 'value' | 'level' | 'reason'>>;
  log: CheckLogRow | null;
  count: CheckLogRow;
};

/**
 * Several quiet checks in one statement. An attribute's row is written only while its level is still the
 * one the check read: a check that changed it meanwhile (a push of the same API) is never undone. Returns
 * each API's `rules_version` after the write (one more than the check read: nothing else wrote between).
 */
export async function writeQuietChecks(db: Db, checks: QuietCheck[]): Promise<Map<string, number>> {
  if (checks.length === 0) return new Map();
  const attributes = checks.flatMap((c) => c.attributes.map((a) => ({ ...a, at: c.at })));
  const logs = checks.flatMap((c) => (c.log ? [c.log] : []));
  const counts = checks.map((c) => c.count);
  const { rows } = await db.execute<{ id: string; rules_version: number }>(sql`
    with checked as (
      update ${apis} a set consecutive_failures = 0, last_check_at = c.at, last_success_at = c.at, last_error = null,
        rules_version = a.rules_version + 1
      from unnest(${array(checks.map((c) => c.apiId))}::uuid[], ${array(checks.map((c) => c.at))}::timestamptz[])
        as c(id, at)
      where a.id = c.id
      returning a.id, a.rules_version
    ),
    stored as (
      update ${bayMetrics} bm set last_value = u.value, last_reason = u.reason, last_read_at = u.at,
        stored_value = u.value, stored_at = u.at
      from unnest(${array(attributes.map((r) => r.series))}::int[], ${array(attributes.map((r) => json(r.value)))}::jsonb[],
        ${array(attributes.map((r) => r.level))}::text[], ${array(attributes.map((r) => r.reason))}::text[],
        ${array(attributes.map((r) => r.at))}::timestamptz[])
        as u(series, value, level, reason, at)
      where bm.series = u.series and bm.last_level = u.level
    ),
    logged as (
      insert into ${apiCheckLogs} (api_id, started_at, source, outcome, duration_ms, http_status, bytes, records)
      select * from unnest(${array(logs.map((l) => l.apiId))}::uuid[], ${array(logs.map((l) => l.startedAt))}::timestamptz[],
        ${array(logs.map((l) => l.source))}::text[], ${array(logs.map((l) => l.outcome))}::text[],
        ${array(logs.map((l) => l.durationMs))}::int[], ${array(logs.map((l) => l.httpStatus))}::int[],
        ${array(logs.map((l) => l.bytes))}::int[], ${array(logs.map((l) => l.records))}::int[])
    ),
    counted as (
    insert into ${apiCheckStats}
      (api_id, hour, checks, failures, duration_sum_ms, duration_max_ms, bytes_sum, duration_histogram)
    select api_id, hour, checks, failures, duration_sum_ms, duration_max_ms, bytes_sum,
      array(select (select count(*) from unnest(buckets) b where b = i)::int
        from generate_series(0, ${LATENCY_BUCKETS - 1}) i order by i)
    from (
      select api_id, date_trunc('hour', started_at) as hour, count(*) as checks,
        count(*) filter (where outcome = 'error') as failures, sum(duration_ms) as duration_sum_ms,
        max(duration_ms) as duration_max_ms, coalesce(sum(bytes), 0) as bytes_sum, array_agg(bucket) as buckets
      from unnest(${array(counts.map((c) => c.apiId))}::uuid[], ${array(counts.map((c) => c.startedAt))}::timestamptz[],
        ${array(counts.map((c) => c.outcome))}::text[], ${array(counts.map((c) => c.durationMs))}::int[],
        ${array(counts.map((c) => c.bytes))}::int[], ${array(counts.map((c) => latencyBucket(c.durationMs)))}::int[])
        as c(api_id, started_at, outcome, duration_ms, bytes, bucket)
      group by 1, 2
    ) per_hour
    on conflict (api_id, hour) do update set
      checks = ${apiCheckStats.checks} + excluded.checks,
      failures = ${apiCheckStats.failures} + excluded.failures,
      duration_sum_ms = ${apiCheckStats.durationSumMs} + excluded.duration_sum_ms,
      duration_max_ms = greatest(${apiCheckStats.durationMaxMs}, excluded.duration_max_ms),
      duration_histogram = ${HISTOGRAM_SUM},
      bytes_sum = ${apiCheckStats.bytesSum} + excluded.bytes_sum
    )
    select id, rules_version from checked`);
  return new Map(rows.map((r) => [r.id, r.rules_version]));
}
