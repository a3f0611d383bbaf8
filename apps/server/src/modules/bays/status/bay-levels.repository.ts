import type { AttributeLevel, BayStatus } from '@vaskedrift/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { apiMetrics, apis, bayMetrics, bays } from '../../../db/schema';
import { array } from '../../../db/sql-values';

/**
 * An attribute is evaluated while its API attribute is enabled and its API enabled and not deleted.
 * Only those count for a bay's status.
 */
export const EVALUATED_ATTRIBUTE = sql`${apiMetrics.status} = 'enabled' and ${apis.status} = 'enabled' and ${apis.deletedAt} is null`;

/** A live bay locked for its status to change: its status now, and the transaction's time. */
export type LockedBay = { id: string; locationId: string; status: BayStatus; monitored: boolean; now: Date };

/** A locked bay as its status is derived: with its evaluated attributes. */
export type BayLevels = LockedBay & {
  /** Every evaluated attribute of the bay with its last level (null: none yet). */
  attributes: Array<{ id: string; level: AttributeLevel | null }>;
};

/** Locks the live bays among these in id order (two transactions never deadlock), reading their status. */
export async function lockBays(tx: Db, bayIds: string[]): Promise<LockedBay[]> {
  if (bayIds.length === 0) return [];
  return tx
    .select({
      id: bays.id,
      locationId: bays.locationId,
      status: bays.status,
      monitored: bays.monitored,
      now: sql`now()`.mapWith(bays.statusChangedAt),
    })
    .from(bays)
    .where(and(sql`${bays.id} = any(${array(bayIds)}::uuid[])`, isNull(bays.deletedAt)))
    .orderBy(bays.id)
    .for('update');
}

/**
 * Locks the bays (`lockBays`) and reads the last levels of their evaluated attributes: as rows, grouped
 * here (a first check reads a hundred, where building and parsing them as JSON per bay cost more). Whether
 * an attribute is evaluated is looked up per attribute (lateral, by the keys; PostgreSQL memoizes it per API
 * attribute): joined, the planner hashes every API attribute and API for a few hundred rows, a cost that
 * grows with the installation (8 ms a read at 150,000 bays).
 */
export async function lockBayLevels(tx: Db, bayIds: string[]): Promise<BayLevels[]> {
  const locked = await lockBays(tx, bayIds);
  if (locked.length === 0) return [];
  const { rows } = await tx.execute<{ bay_id: string; id: string; level: AttributeLevel | null }>(sql`
    select bm.bay_id, bm.id, bm.last_level as level from ${bayMetrics} bm
    cross join lateral (
      select from ${apiMetrics} join ${apis} on ${apis.id} = ${apiMetrics.apiId}
      where ${apiMetrics.id} = bm.api_metric_id and ${EVALUATED_ATTRIBUTE}
      limit 1
    ) evaluated
    where bm.bay_id = any(${array(locked.map((b) => b.id))}::uuid[])`);
  const byBay = new Map<string, BayLevels['attributes']>(locked.map((b) => [b.id, []]));
  for (const row of rows) byBay.get(row.bay_id)?.push({ id: row.id, level: row.level });
  return locked.map((b) => ({ ...b, attributes: byBay.get(b.id) ?? [] }));
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
