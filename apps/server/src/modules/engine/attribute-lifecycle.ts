import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { type AlertPublication, publishAlerts, resolveAlertsOfAttributes } from '../alerts';
import { type AppliedStatusChange, publishStatusChanges, rederiveBays } from '../bays';
import { attributesOf, clearLevels } from './attributes.repository';

/** What an admin change did to bays and alerts: published after its transaction commits. */
export type EngineChanges = { statusChanges: AppliedStatusChange[]; alerts: AlertPublication[] };

export const NO_ENGINE_CHANGES: EngineChanges = { statusChanges: [], alerts: [] };

/**
 * Attributes that stop being evaluated (their API or API attribute disabled or deleted, or they are
 * deleted themselves): their open alerts are resolved with `reason`, their level forgotten (so they start
 * afresh when evaluated again), and their bays' statuses derived again without them. In the caller's
 * transaction, after the change that stops them has been written.
 */
export async function retireAttributes(
  tx: Db,
  of: Parameters<typeof attributesOf>[1],
  reason: string,
): Promise<EngineChanges> {
  const attributes = await attributesOf(tx, of);
  if (attributes.length === 0) return NO_ENGINE_CHANGES;
  const ids = attributes.map((a) => a.id);
  const alerts = await resolveAlertsOfAttributes(tx, ids, reason, new Date());
  await clearLevels(tx, ids);
  const statusChanges = await rederiveBays(
    tx,
    attributes.map((a) => a.bayId),
  );
  return { statusChanges, alerts };
}

export function publishEngineChanges(bus: EventBus, changes: EngineChanges): void {
  publishStatusChanges(bus, changes.statusChanges);
  publishAlerts(bus, changes.alerts);
}
