import type { AttributeLevel } from '@vaskedrift/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import { apiMetrics, bayMetrics } from '../../db/schema';
import { array, json } from '../../db/sql-values';

/*
 * What a check writes of its attributes, and how attributes that stop being evaluated are found and
 * cleared. Each write takes whole arrays (`unnest`), so a check of 10,000 attributes is one statement.
 */

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
 * The last readings that changed (those stored as raw readings, and no-data reasons) of several checks, in
 * one statement. An unchanged attribute's row is left alone: rewriting 50,000 rows every 30 s for a new
 * `last_read_at` would be most of the database's work; the time it was last read is its API's last success.
 */
export async function writeAttributeResults(
  tx: Db,
  checks: Array<{ results: AttributeResult[]; at: Date }>,
): Promise<void> {
  const results = checks.flatMap((c) => c.results.map((r) => ({ ...r, at: c.at })));
  if (results.length === 0) return;
  const series = array(results.map((r) => r.series));
  // `bm.series = any(…)` as well as the join: the planner then finds the rows by the index, where for a few
  // hundred rows it would otherwise hash the whole table (a scan of every attribute per statement). Prepared:
  // planning it was about 1 ms of PostgreSQL's time at every full transaction.
  await queryPrepared(
    tx,
    'vd_attribute_results',
    sql`
    update ${bayMetrics} bm set last_value = u.value, last_level = u.level, last_reason = u.reason,
      last_read_at = u.at,
      stored_value = case when u.stored then u.value else bm.stored_value end,
      stored_at = case when u.stored then u.at else bm.stored_at end,
      level_checks = coalesce(u.level_checks, bm.level_checks)
    from unnest(${series}::int[], ${array(results.map((r) => json(r.value)))}::jsonb[],
      ${array(results.map((r) => r.level))}::text[], ${array(results.map((r) => r.reason))}::text[],
      ${array(results.map((r) => r.stored))}::boolean[], ${array(results.map((r) => r.levelChecks))}::int[],
      ${array(results.map((r) => r.at))}::timestamptz[])
      as u(series, value, level, reason, stored, level_checks, at)
    where bm.series = u.series and bm.series = any(${series}::int[])`,
  );
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
