import type { Db } from '../../db/client';

/**
 * The bays with a running maintenance job. There is no maintenance table yet (docs/domain.md, Maintenance:
 * not built yet): until then no bay counts as in maintenance here, so the engine derives every bay's status from
 * its attributes. The maintenance issue replaces this body with one query; callers stay as they are.
 */
export async function baysInMaintenance(_tx: Db, _bayIds: string[]): Promise<Set<string>> {
  return new Set();
}
