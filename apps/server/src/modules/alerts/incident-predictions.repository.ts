import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alerts, bays, incidentPredictions, incidents } from '../../db/schema';
import { recordNotificationEvents } from '../notifications';
import { incidentEvents, markIncidentsNotified } from './incidents.repository';

/*
 * Expected crossings as causes of their bay's incident (docs/domain.md, Incidents and Foresight; decision
 * 035): foresight tells here when an attribute's crossing is expected within the horizon and when that
 * prediction ends. One bay, one incident: a prediction joins the bay's open incident (no message: the level
 * due does not rise), or opens one at level `prediction`, told to `prediction` recipients once; a threshold
 * crossed later carries on the same incident (incident-messages.ts). Each call is one transaction that locks
 * the bay first, the order the checks keep (bay, then its incident).
 */

/** An attribute's expected crossing, as foresight tells it. */
export type PredictionCause = {
  bayMetricId: string;
  bayId: string;
  locationId: string;
  attributeName: string;
  level: 'warning' | 'critical';
  expectedAt: Date;
  confidence: number;
  value: number | null;
  direction: 'falling' | 'rising' | null;
};

/** Records the messages the incidents' state gives now; returns how many were recorded. */
async function tell(tx: Db, incidentIds: string[], at: Date): Promise<number> {
  const recorded = await recordNotificationEvents(tx, await incidentEvents(tx, incidentIds, at));
  await markIncidentsNotified(tx, recorded);
  return recorded.length;
}

async function lockBay(tx: Db, bayId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${bays} where id = ${bayId} for update`);
}

/**
 * The prediction stands: a cause of the bay's open incident (opened at level `prediction` when there is
 * none), its level, time and confidence brought up to date when it is one already. Returns the messages
 * recorded (the opening of a new incident; nothing when it joined one).
 */
export async function predictionStands(db: Db, cause: PredictionCause, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await lockBay(tx, cause.bayId);
    await tx.execute(sql`
      insert into ${incidents} (location_id, bay_id, level, opened_at, updated_at)
      values (${cause.locationId}, ${cause.bayId}, 'prediction', ${at}, ${at})
      on conflict (bay_id) where resolved_at is null and bay_id is not null do nothing`);
    const joined = await tx.execute<{ incident_id: string }>(sql`
      insert into ${incidentPredictions}
        (incident_id, bay_metric_id, bay_id, attribute_name, level, expected_at, confidence, value, direction, opened_at)
      select i.id, ${cause.bayMetricId}, ${cause.bayId}, ${cause.attributeName}, ${cause.level},
        ${cause.expectedAt}, ${cause.confidence}, ${cause.value}, ${cause.direction}, ${at}
      from ${incidents} i where i.bay_id = ${cause.bayId} and i.resolved_at is null
      on conflict (bay_metric_id) where resolved_at is null do update set
        level = excluded.level, expected_at = excluded.expected_at, confidence = excluded.confidence,
        value = excluded.value, direction = excluded.direction
      returning incident_id`);
    return tell(
      tx,
      joined.rows.map((row) => row.incident_id),
      at,
    );
  });
}

/**
 * Ends the standing predictions of these attributes (the threshold crossed, the trend turned, the attribute
 * no longer checked), in the caller's transaction; returns their bays. An incident left with no cause is
 * resolved by the caller (`syncBayIncidents`, or `predictionEnded`).
 */
export async function endPredictions(tx: Db, bayMetricIds: string[], at: Date): Promise<string[]> {
  if (bayMetricIds.length === 0) return [];
  const ids = sql.param(bayMetricIds);
  // Their bays first, in id order: the order of the checks and of `predictionStands` (no deadlock).
  await tx.execute(sql`
    select 1 from ${bays} where id in (
      select bay_id from ${incidentPredictions} where bay_metric_id = any(${ids}::uuid[]) and resolved_at is null
    ) order by id for update`);
  const ended = await tx.execute<{ bay_id: string }>(sql`
    update ${incidentPredictions} set resolved_at = ${at}
    where bay_metric_id = any(${ids}::uuid[]) and resolved_at is null
    returning bay_id`);
  return [...new Set(ended.rows.map((row) => row.bay_id))];
}

/**
 * The attribute's prediction ended: its cause is resolved, and an incident left with neither an open alert
 * nor another prediction is resolved (quietly when only a prediction was told: incident-messages.ts).
 * Returns the messages recorded. Nothing is locked when the attribute had no prediction standing.
 */
export async function predictionEnded(db: Db, bayMetricId: string, at: Date): Promise<number> {
  const standing = await db.execute<{ bay_id: string }>(sql`
    select bay_id from ${incidentPredictions} where bay_metric_id = ${bayMetricId} and resolved_at is null`);
  const bayId = standing.rows[0]?.bay_id;
  if (!bayId) return 0;
  return db.transaction(async (tx) => {
    await lockBay(tx, bayId);
    if ((await endPredictions(tx, [bayMetricId], at)).length === 0) return 0;
    const resolved = await tx.execute<{ id: string }>(sql`
      update ${incidents} i set resolved_at = ${at}, updated_at = ${at}
      where i.bay_id = ${bayId} and i.resolved_at is null
        and not exists (select 1 from ${alerts} a where a.incident_id = i.id and a.resolved_at is null)
        and not exists (select 1 from ${incidentPredictions} p where p.incident_id = i.id and p.resolved_at is null)
      returning i.id`);
    return tell(
      tx,
      resolved.rows.map((row) => row.id),
      at,
    );
  });
}
