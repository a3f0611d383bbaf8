import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { maintenanceJobs } from '../../../db/schema';

/**
 * The bays with a running maintenance job (docs/domain.md, Bay status, rule 1): the engine derives
 * `maintenance` for them and marks their alerts `inMaintenance`.
 */
export async function baysInMaintenance(tx: Db, bayIds: string[]): Promise<Set<string>> {
  if (bayIds.length === 0) return new Set();
  const rows = await tx
    .select({ bayId: maintenanceJobs.bayId })
    .from(maintenanceJobs)
    .where(
      and(sql`${maintenanceJobs.bayId} = any(${sql.param(bayIds)}::uuid[])`, isNull(maintenanceJobs.endedAt)),
    );
  return new Set(rows.map((row) => row.bayId));
}
