import type { BayStatus } from '@vaskedrift/shared';
import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bayStatusPeriods, bays } from '../../../db/schema';
import { array } from '../../../db/sql-values';
import { type LockedBay, lockBays } from './bay-levels.repository';

/**
 * One requested status: `changedBy` is the user who set it, null for the status engine. `monitored` is
 * given only by the engine's derivation (docs/domain.md, Statistics, Monitored); left out, the bay's stays.
 */
export type BayStatusChange = {
  bayId: string;
  status: BayStatus;
  cause: string;
  changedBy: string | null;
  monitored?: boolean;
};

/**
 * A change that happened, as published on the bus. `from` null: the bay's first period. `from` equal to
 * `to`: only whether the bay is monitored changed.
 */
export type AppliedStatusChange = {
  bayId: string;
  locationId: string;
  from: BayStatus | null;
  to: BayStatus;
  monitored: boolean;
  cause: string;
  changedBy: string | null;
  at: Date;
};

/**
 * Sets many bays' statuses at once, inside the caller's transaction: locks the bays (in id order, so two
 * batches never deadlock), skips those already in the wanted status (and monitoring), then updates the
 * bays and closes their open periods in one statement and opens the new periods in another. Deleted bays
 * are skipped. A change of monitoring alone also starts a new period, in the same status, and keeps the
 * time the status began. `locked`: the bays as this transaction locked and read them already
 * (`lockBays`, with every requested bay that is live), so they are not read again.
 */
export async function applyBayStatusChanges(
  tx: Db,
  requested: BayStatusChange[],
  locked?: readonly LockedBay[],
): Promise<AppliedStatusChange[]> {
  const wanted = new Map(requested.map((change) => [change.bayId, change]));
  if (wanted.size === 0) return [];
  const current = locked ?? (await lockBays(tx, [...wanted.keys()]));

  const applied: AppliedStatusChange[] = [];
  for (const bay of current) {
    const change = wanted.get(bay.id);
    const monitored = change?.monitored ?? bay.monitored;
    if (!change || (change.status === bay.status && monitored === bay.monitored)) continue;
    applied.push({
      bayId: change.bayId,
      cause: change.cause,
      changedBy: change.changedBy,
      locationId: bay.locationId,
      from: bay.status,
      to: change.status,
      monitored,
      at: bay.now,
    });
  }
  if (applied.length === 0) return [];

  const bayIds = array(applied.map((c) => c.bayId));
  const statuses = array(applied.map((c) => c.to));
  const monitored = array(applied.map((c) => c.monitored));
  // Closing and opening are two statements: the unique index on open periods is checked row by row, so
  // the old period must be closed before the new one is inserted. The ids are given as `= any(…)` as well
  // as joined: the indexes are then used, where the planner would otherwise scan every bay and period.
  await tx.execute(sql`
    with input as (
      select * from unnest(${bayIds}::uuid[], ${statuses}::text[], ${monitored}::boolean[])
        as i(bay_id, status, monitored)
    ),
    updated as (
      update ${bays} set status = input.status, monitored = input.monitored, updated_at = now(),
        status_changed_at = case when ${bays.status} = input.status then ${bays.statusChangedAt} else now() end
      from input where ${bays.id} = input.bay_id and ${bays.id} = any(${bayIds}::uuid[])
    )
    update ${bayStatusPeriods} set ended_at = now()
    from input where ${bayStatusPeriods.bayId} = input.bay_id and ${bayStatusPeriods.bayId} = any(${bayIds}::uuid[])
      and ${bayStatusPeriods.endedAt} is null
  `);
  await tx.execute(sql`
    insert into ${bayStatusPeriods} (bay_id, status, monitored, cause, changed_by, started_at)
    select bay_id, status, monitored, cause, changed_by, now() from unnest(
      ${bayIds}::uuid[],
      ${statuses}::text[],
      ${monitored}::boolean[],
      ${array(applied.map((c) => c.cause))}::text[],
      ${array(applied.map((c) => c.changedBy))}::uuid[]
    ) as i(bay_id, status, monitored, cause, changed_by)
  `);
  return applied;
}

/**
 * Opens the first status period of newly created bays (one insert for all of them): not monitored, since
 * a new bay has no attribute yet.
 */
export async function openFirstPeriods(tx: Db, first: BayStatusChange[]): Promise<void> {
  if (first.length === 0) return;
  await tx.insert(bayStatusPeriods).values(
    first.map((c) => ({
      bayId: c.bayId,
      status: c.status,
      monitored: false,
      cause: c.cause,
      changedBy: c.changedBy,
      startedAt: sql`now()`,
    })),
  );
}

/** Ends the open periods of bays that stop existing (deleted), so uptime stops counting them. */
export async function closeOpenPeriods(tx: Db, bayIds: string[]): Promise<void> {
  if (bayIds.length === 0) return;
  await tx
    .update(bayStatusPeriods)
    .set({ endedAt: sql`now()` })
    .where(
      and(sql`${bayStatusPeriods.bayId} = any(${array(bayIds)}::uuid[])`, isNull(bayStatusPeriods.endedAt)),
    );
}
