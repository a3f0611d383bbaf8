import { BAY_STATUS_CAUSES, type BayStatus, deriveBayStatus } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import { type AppliedStatusChange, applyBayStatusChanges } from './bay-status.repository';
import { lockBayLevels } from './engine.repository';
import { baysInMaintenance } from './maintenance-seam';

/**
 * Derives the status of these bays from their evaluated attributes' last levels (docs/domain.md, Bay status;
 * shared `deriveBayStatus`) and saves the changes as status periods, in the caller's transaction. The bays
 * are locked first, so two checks touching one bay see each other's levels. A bay without evaluated
 * attributes keeps its status, or takes the one `handSetStatus` gives it (a bay leaving maintenance returns
 * to the status it had before). Publish the result after the commit (`publishStatusChanges`).
 */
export async function rederiveBays(
  tx: Db,
  bayIds: Iterable<string>,
  handSetStatus: ReadonlyMap<string, BayStatus> = new Map(),
): Promise<AppliedStatusChange[]> {
  const ids = [...new Set(bayIds)];
  if (ids.length === 0) return [];
  const bays = await lockBayLevels(tx, ids);
  // Read after the bays are locked, even when the caller read it already for its alerts: a maintenance job
  // started meanwhile has then committed, and its bay must stay `maintenance`.
  const maintenance = await baysInMaintenance(tx, ids);
  const changes = bays.flatMap((bay) => {
    const status = deriveBayStatus({
      inMaintenance: maintenance.has(bay.id),
      levels: bay.levels,
      manualStatus: handSetStatus.get(bay.id) ?? bay.status,
    });
    return status === bay.status
      ? []
      : [{ bayId: bay.id, status, cause: BAY_STATUS_CAUSES.engine, changedBy: null }];
  });
  return applyBayStatusChanges(tx, changes);
}
