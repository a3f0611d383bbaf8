import type { Db } from '../../../db/client';
import type { EventBus } from '../../../events/bus';
import { hasEvaluatedAttributes } from './bay-levels.repository';
import {
  type AppliedStatusChange,
  applyBayStatusChanges,
  type BayStatusChange,
} from './status-periods.repository';

export type { AppliedStatusChange, BayStatusChange };

/**
 * Whether an admin may set this bay's status by hand: not while it has an evaluated attribute (enabled
 * API attribute of an enabled API), whose status the engine derives (docs/domain.md, Bay status).
 */
export async function canSetStatusByHand(db: Db, bayId: string): Promise<boolean> {
  return !(await hasEvaluatedAttributes(db, bayId));
}

/** Announces committed status changes; call only after the transaction that made them has committed. */
export function publishStatusChanges(bus: EventBus, applied: AppliedStatusChange[]): void {
  for (const change of applied) bus.publish('bay.status_changed', change);
}

/**
 * Changes the status of one bay or thousands: bays, closed and opened periods in one transaction, then
 * one `bay.status_changed` per bay that really changed. The status engine (issue 5) calls this with a
 * whole check round; code that needs the change inside its own transaction uses
 * `applyBayStatusChanges` and `publishStatusChanges` itself.
 */
export async function changeBayStatus(
  deps: { db: Db; bus: EventBus },
  changes: BayStatusChange[],
): Promise<AppliedStatusChange[]> {
  const applied = await deps.db.transaction((tx) => applyBayStatusChanges(tx, changes));
  publishStatusChanges(deps.bus, applied);
  return applied;
}
