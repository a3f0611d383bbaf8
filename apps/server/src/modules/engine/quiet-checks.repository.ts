import { isDeepStrictEqual } from 'node:util';
import { LATENCY_BUCKETS, latencyBucket } from '@vaskedrift/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Prepared, queryPrepared, textOf } from '../../db/prepared';
import { apiCheckLogs, apis, bayMetrics } from '../../db/schema';
import { array, json } from '../../db/sql-values';
import type { AttributeResult } from './attributes.repository';
import { type CheckLogRow, countChecksStatement } from './check-log.repository';

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

/** The write's statement as drizzle builds it: the source of its text, built once (`statement()`). */
function quietStatement(checks: QuietCheck[]): SQL {
  const attributes = checks.flatMap((c) => c.attributes.map((a) => ({ ...a, at: c.at })));
  const logs = checks.flatMap((c) => (c.log ? [c.log] : []));
  const counts = checks.map((c) => c.count);
  return sql`
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
    counted as (${countChecksStatement(counts)})
    select id, rules_version from checked`;
}

/**
 * The statement's parameters in the order of its text, made directly (no SQL built a call): every one is
 * a whole array, so the text is the same for any checks and the statement is prepared once per connection.
 */
function quietParams(checks: QuietCheck[]): unknown[] {
  const apiIds: string[] = [];
  const ats: Date[] = [];
  const series: number[] = [];
  const values: Array<string | null> = [];
  const levels: string[] = [];
  const reasons: string[] = [];
  const storedAts: Date[] = [];
  const log = {
    apiIds: [] as string[],
    startedAts: [] as Date[],
    sources: [] as string[],
    outcomes: [] as string[],
    durations: [] as number[],
    statuses: [] as Array<number | null>,
    bytes: [] as Array<number | null>,
    records: [] as Array<number | null>,
  };
  const count = {
    apiIds: [] as string[],
    startedAts: [] as Date[],
    outcomes: [] as string[],
    durations: [] as number[],
    bytes: [] as Array<number | null>,
    buckets: [] as number[],
  };
  for (const c of checks) {
    apiIds.push(c.apiId);
    ats.push(c.at);
    for (const a of c.attributes) {
      series.push(a.series);
      values.push(json(a.value));
      levels.push(a.level);
      reasons.push(a.reason);
      storedAts.push(c.at);
    }
    const l = c.log;
    if (l) {
      log.apiIds.push(l.apiId);
      log.startedAts.push(l.startedAt);
      log.sources.push(l.source);
      log.outcomes.push(l.outcome);
      log.durations.push(l.durationMs);
      log.statuses.push(l.httpStatus);
      log.bytes.push(l.bytes);
      log.records.push(l.records);
    }
    const n = c.count;
    count.apiIds.push(n.apiId);
    count.startedAts.push(n.startedAt);
    count.outcomes.push(n.outcome);
    count.durations.push(n.durationMs);
    count.bytes.push(n.bytes);
    count.buckets.push(latencyBucket(n.durationMs));
  }
  return [
    apiIds,
    ats,
    series,
    values,
    levels,
    reasons,
    storedAts,
    log.apiIds,
    log.startedAts,
    log.sources,
    log.outcomes,
    log.durations,
    log.statuses,
    log.bytes,
    log.records,
    LATENCY_BUCKETS - 1,
    count.apiIds,
    count.startedAts,
    count.outcomes,
    count.durations,
    count.bytes,
    count.buckets,
  ];
}

/** Two checks with a different value in every column, to tell the parameters apart. */
function sampleChecks(): QuietCheck[] {
  const row = (i: number): CheckLogRow => ({
    apiId: `00000000-0000-4000-8000-00000000000${i}`,
    startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    source: i === 1 ? 'poll' : 'push',
    outcome: i === 1 ? 'ok' : 'error',
    durationMs: 10 * i + 7000 * (i - 1),
    httpStatus: 200 + i,
    bytes: 300 + i,
    records: 40 + i,
    error: null,
    errorCode: null,
  });
  return [1, 2].map((i) => ({
    apiId: `00000000-0000-4000-8000-00000000001${i}`,
    at: new Date(Date.UTC(2026, 0, 1, 1, 0, i)),
    attributes: [{ series: 500 + i, value: i * 1.5, level: i === 1 ? 'active' : 'warning', reason: `r${i}` }],
    log: row(i),
    count: row(i),
  }));
}

let prepared: Prepared | undefined;

/**
 * The statement's text, from drizzle once; its parameters made by `quietParams` are checked once against
 * drizzle's own for checks that differ in every column, so a change to either cannot send a value in
 * another's place.
 */
function quietStatementPrepared(): Prepared {
  if (prepared) return prepared;
  const checks = sampleChecks();
  const { text, params } = textOf(quietStatement(checks));
  if (!isDeepStrictEqual(params, quietParams(checks))) {
    throw new Error('quiet checks: the parameters made by hand are not those of the statement');
  }
  prepared = { name: 'vd_quiet_checks', text };
  return prepared;
}

/**
 * Several quiet checks in one statement. An attribute's row is written only while its level is still the
 * one the check read: a check that changed it meanwhile (a push of the same API) is never undone. Returns
 * each API's `rules_version` after the write (one more than the check read: nothing else wrote between).
 */
export async function writeQuietChecks(db: Db, checks: QuietCheck[]): Promise<Map<string, number>> {
  if (checks.length === 0) return new Map();
  const { rows } = await queryPrepared<{ id: string; rules_version: number }>(
    db,
    quietStatementPrepared(),
    quietParams(checks),
  );
  return new Map(rows.map((r) => [r.id, r.rules_version]));
}
