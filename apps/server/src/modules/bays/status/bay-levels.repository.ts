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

/** A locked bay as its status is derived: its status, whether it is monitored, and its evaluated attributes. */
export type BayLevels = {
  id: string;
  status: BayStatus;
  monitored: boolean;
  /** Every evaluated attribute of the bay with its last level (null: none yet). */
  attributes: Array<{ id: string; level: AttributeLevel | null }>;
};

/**
 * Locks the bays (in id order: two checks never deadlock) and reads the last levels of their evaluated
 * attributes.
 */
export async function lockBayLevels(tx: Db, bayIds: string[]): Promise<BayLevels[]> {
  if (bayIds.length === 0) return [];
  await tx
    .select({ id: bays.id })
    .from(bays)
    .where(and(sql`${bays.id} = any(${array(bayIds)}::uuid[])`, isNull(bays.deletedAt)))
    .orderBy(bays.id)
    .for('update');
  return (
    tx
      .select({
        id: bays.id,
        status: bays.status,
        monitored: bays.monitored,
        attributes: sql<BayLevels['attributes']>`coalesce(jsonb_agg(jsonb_build_object('id', ${bayMetrics.id},
        'level', ${bayMetrics.lastLevel})) filter (where ${bayMetrics.id} is not null and ${EVALUATED_ATTRIBUTE}), '[]')`,
      })
      .from(bays)
      // The bays' ids on the attributes too: their index is then used, where the planner would otherwise scan
      // every attribute for a few hundred bays.
      .leftJoin(
        bayMetrics,
        and(eq(bayMetrics.bayId, bays.id), sql`${bayMetrics.bayId} = any(${array(bayIds)}::uuid[])`),
      )
      .leftJoin(apiMetrics, eq(apiMetrics.id, bayMetrics.apiMetricId))
      .leftJoin(apis, eq(apis.id, apiMetrics.apiId))
      .where(and(sql`${bays.id} = any(${array(bayIds)}::uuid[])`, isNull(bays.deletedAt)))
      .groupBy(bays.id)
  );
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
