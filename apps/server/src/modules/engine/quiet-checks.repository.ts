import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
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

/** The write's statement: every value a whole array parameter, so its text is the same for any checks. */
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
 * Several quiet checks in one statement. An attribute's row is written only while its level is still the
 * one the check read: a check that changed it meanwhile (a push of the same API) is never undone. Returns
 * each API's `rules_version` after the write (one more than the check read: nothing else wrote between).
 */
export async function writeQuietChecks(db: Db, checks: QuietCheck[]): Promise<Map<string, number>> {
  if (checks.length === 0) return new Map();
  const { rows } = await queryPrepared<{ id: string; rules_version: number }>(
    db,
    'vd_quiet_checks',
    quietStatement(checks),
  );
  return new Map(rows.map((r) => [r.id, r.rules_version]));
}
