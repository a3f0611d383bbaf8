import type { Db } from '../../db/client';
import type { NewNotificationEvent } from '../notifications';
import { infoNotifications, markSettledLevels, type SettledAttribute } from './alert-notifications';
import type { PlannedAlerts } from './alert-transitions';
import { type AlertPublication, writeAlertTransitions } from './alert-writes.repository';
import {
  type ApiIncidentChange,
  applyApiIncidents,
  incidentEventsOf,
  incidentsOfAttributes,
  markIncidentsNotified,
  syncBayIncidentsAt,
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
 * Writes the alert transitions of several checks (each with its time) and what they do to incidents
 * (decision 033), then the notification events, in the caller's transaction: the incidents of the
 * attributes that settled are told as their state gives (`incidentMessage`), the API's incidents open or
 * resolve, and `inactive`/`nodata` are `alert.info`. Every step is one statement for all the checks (an API's
 * incidents, rare, one per check that has them). The checks must touch no bay and no API in common: each
 * then reads and writes what it would alone. `record` records the events (with the checks' other events, in
 * one statement) and returns the ids recorded now, by check; an incident told is then marked with the level
 * it was told at. Returns what to publish after the commit, by check.
 */
export async function applyCheckAlerts(
  tx: Db,
  checks: Array<{ plan: CheckAlerts; at: Date }>,
  record: (events: NewNotificationEvent[][]) => Promise<number[][]>,
): Promise<AlertPublication[][]> {
  const published = await writeAlertTransitions(
    tx,
    checks.map((c) => ({ planned: c.plan.transitions, at: c.at })),
  );
  await syncBayIncidentsAt(
    tx,
    checks.flatMap((c) => baysOf(c.plan.transitions).map((bayId) => ({ bayId, at: c.at }))),
  );
  await markSettledLevels(
    tx,
    checks.flatMap((c) => c.plan.settled),
  );
  const told = checks.map((c) =>
    c.plan.settled.filter((s) => s.level !== 'inactive' && s.level !== 'nodata'),
  );
  const incidentOf = await incidentsOfAttributes(
    tx,
    told.flat().map((s) => s.bayMetricId),
  );
  const incidents = await incidentEventsOf(
    tx,
    checks.map((c, n) => ({
      ids: (told[n] ?? []).flatMap((s) => incidentOf.get(s.bayMetricId) ?? []),
      at: c.at,
    })),
  );
  const apis: NewNotificationEvent[][] = [];
  for (const c of checks) apis.push(await applyApiIncidents(tx, c.plan.api, c.at));
  const infos = await infoNotifications(
    tx,
    checks.map((c) => ({ settled: c.plan.settled, at: c.at, apiDown: c.plan.apiDown })),
  );
  const recorded = await record(
    checks.map((_, n) => [...(incidents[n] ?? []), ...(apis[n] ?? []), ...(infos[n] ?? [])]),
  );
  await markIncidentsNotified(tx, recorded.flat());
  return published;
}
