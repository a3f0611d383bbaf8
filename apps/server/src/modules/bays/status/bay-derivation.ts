import { type AttributeLevel, BAY_STATUS_CAUSES, type BayStatus, deriveBayStatus } from '@vaskedrift/shared';
import type { Db } from '../../../db/client';
import { type BayLevels, lockBayLevels } from './bay-levels.repository';
import { baysInMaintenance } from './maintenance-seam';
import {
  type AppliedStatusChange,
  applyBayStatusChanges,
  type BayStatusChange,
} from './status-periods.repository';

/** What a bay's status is derived from, read with the bays locked (`readBayStatusInputs`). */
export type BayStatusInputs = { bays: BayLevels[]; inMaintenance: ReadonlySet<string> };

/**
 * Locks the bays and reads what their status is derived from. The maintenance jobs are read after the
 * lock, even when the caller read them already: a job started meanwhile has then committed, and its bay
 * must stay `maintenance`.
 */
export async function readBayStatusInputs(tx: Db, bayIds: Iterable<string>): Promise<BayStatusInputs> {
  const ids = [...new Set(bayIds)];
  if (ids.length === 0) return { bays: [], inMaintenance: new Set() };
  const bays = await lockBayLevels(tx, ids);
  return { bays, inMaintenance: await baysInMaintenance(tx, ids) };
}

/**
 * The status changes of these bays (docs/domain.md, Bay status; shared `deriveBayStatus`), and whether they
 * are monitored (an evaluated attribute has a level; docs/domain.md, Statistics). `newLevels` are levels
 * a check is about to write, by attribute id, in place of the stored ones. A bay without evaluated
 * attributes keeps its status, or takes the one `handSetStatus` gives it (a bay leaving maintenance
 * returns to the status it had before). Pure: no database.
 */
export function deriveStatusChanges(
  inputs: BayStatusInputs,
  newLevels: ReadonlyMap<string, AttributeLevel> = new Map(),
  handSetStatus: ReadonlyMap<string, BayStatus> = new Map(),
): BayStatusChange[] {
  return inputs.bays.flatMap((bay) => {
    const levels = bay.attributes.flatMap((a) => {
      const level = newLevels.get(a.id) ?? a.level;
      return level === null ? [] : [level];
    });
    const status = deriveBayStatus({
      inMaintenance: inputs.inMaintenance.has(bay.id),
      levels,
      manualStatus: handSetStatus.get(bay.id) ?? bay.status,
    });
    // docs/domain.md, Statistics, Monitored: from the first level of an attribute that counts.
    const monitored = levels.length > 0;
    return status === bay.status && monitored === bay.monitored
      ? []
      : [{ bayId: bay.id, status, monitored, cause: BAY_STATUS_CAUSES.engine, changedBy: null }];
  });
}

/**
 * Derives the status of these bays from their evaluated attributes' stored levels and saves the changes
 * as status periods, in the caller's transaction, after the change that moved their levels or maintenance.
 * Publish the result after the commit (`publishStatusChanges`).
 */
export async function rederiveBays(
  tx: Db,
  bayIds: Iterable<string>,
  handSetStatus: ReadonlyMap<string, BayStatus> = new Map(),
): Promise<AppliedStatusChange[]> {
  const inputs = await readBayStatusInputs(tx, bayIds);
  return applyBayStatusChanges(tx, deriveStatusChanges(inputs, new Map(), handSetStatus), inputs.bays);
}
