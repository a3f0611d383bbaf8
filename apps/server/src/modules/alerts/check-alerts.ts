import type { Db } from '../../db/client';
import type { NewNotificationEvent } from '../notifications';
import { infoNotifications, markSettledLevels, type SettledAttribute } from './alert-notifications';
import type { PlannedAlerts } from './alert-transitions';
import { type AlertPublication, writeAlertTransitions } from './alert-writes.repository';
import {
  type ApiIncidentChange,
  applyApiIncidents,
  incidentEvents,
  incidentsOfAttributes,
  markIncidentsNotified,
  syncBayIncidents,
} from './incidents.repository';

/** What a check does to alerts: its planned transitions and the attributes whose level held for its pending period. */
export type CheckAlerts = {
  transitions: PlannedAlerts;
  settled: SettledAttribute[];
  /** The check failed: `inactive`/`nodata` are then its API's incident, not told per attribute. */
  apiDown: boolean;
  /** The API reaching its failure threshold, or answering again after it: its facilities' incidents. */
  api: ApiIncidentChange | null;
};

/** The bays whose alerts a check's transitions open, move or resolve. */
function baysOf(planned: PlannedAlerts): string[] {
  const ids = [
    ...planned.open.map((t) => t.bayId),
    ...planned.move.map((m) => m.t.bayId),
    ...planned.resolve.map((r) => r.t.bayId),
  ];
  return [...new Set(ids)];
}

/**
 * Writes a check's alert transitions and what they do to incidents (decision 033), then the notification
 * events, in the caller's transaction: the incidents of the attributes that settled are told as their state
 * gives (`incidentMessage`), the API's incidents open or resolve, and `inactive`/`nodata` are `alert.info`.
 * `record` records them (with the check's other events, in one statement) and returns the ids recorded now;
 * an incident told is then marked with the level it was told at. Returns what to publish after the commit.
 */
export async function applyCheckAlerts(
  tx: Db,
  plan: CheckAlerts,
  at: Date,
  record: (events: NewNotificationEvent[]) => Promise<number[]>,
): Promise<AlertPublication[]> {
  const published = await writeAlertTransitions(tx, plan.transitions, at);
  await syncBayIncidents(tx, baysOf(plan.transitions), at);
  await markSettledLevels(tx, plan.settled);
  const told = plan.settled.filter((s) => s.level !== 'inactive' && s.level !== 'nodata');
  const events = [
    ...(await incidentEvents(
      tx,
      await incidentsOfAttributes(
        tx,
        told.map((s) => s.bayMetricId),
      ),
      at,
    )),
    ...(await applyApiIncidents(tx, plan.api, at)),
    ...(await infoNotifications(tx, plan.settled, at, { apiDown: plan.apiDown })),
  ];
  await markIncidentsNotified(tx, await record(events));
  return published;
}
