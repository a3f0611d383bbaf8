import type { AlertLevel, IncidentLevel } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import {
  alerts,
  apis,
  bays,
  incidentPredictions,
  incidents,
  locations,
  notificationEvents,
} from '../../db/schema';
import { array } from '../../db/sql-values';
import {
  type ApiEventBay,
  type IncidentEventPayload,
  type NewNotificationEvent,
  suppressionOf,
} from '../notifications';
import { type IncidentMessage, type IncidentState, incidentMessage } from './incident-messages';

/*
 * Incidents (docs/domain.md, Incidents; decision 033): the open alerts of a bay are the causes of its one
 * open incident, with its expected crossings (incident-predictions.repository.ts, decision 035); an API that
 * stops answering opens one incident per facility behind it. Each function works in the caller's transaction.
 */

/** The highest of a set of alert levels in SQL ('critical' over 'warning'; null for none). */
const highest = (column: ReturnType<typeof sql>) =>
  sql`case when bool_or(${column} = 'critical') then 'critical' when bool_or(${column} = 'warning') then 'warning' end`;

/** Whether the incident has an expected crossing standing as a cause (decision 035). */
const openPrediction = (incidentId: ReturnType<typeof sql>) =>
  sql`exists (select 1 from ${incidentPredictions} p where p.incident_id = ${incidentId} and p.resolved_at is null)`;

/**
 * After a check's alert writes: every open alert of these bays becomes a cause of its bay's open incident
 * (opened now when there is none), each open incident takes its causes' highest level, and one left without
 * an open cause is resolved. Alerts that open in the same check, or later while the incident is open, join it.
 */
export async function syncBayIncidents(tx: Db, bayIds: string[], at: Date): Promise<void> {
  await syncBayIncidentsAt(
    tx,
    bayIds.map((bayId) => ({ bayId, at })),
  );
}

/** `syncBayIncidents` for the bays of several checks, each bay at its check's time, in four statements. */
export async function syncBayIncidentsAt(tx: Db, bays: Array<{ bayId: string; at: Date }>): Promise<void> {
  if (bays.length === 0) return;
  const ids = array(bays.map((b) => b.bayId));
  const input = sql`unnest(${ids}::uuid[], ${array(bays.map((b) => b.at))}::timestamptz[]) as s(bay_id, at)`;
  await tx.execute(sql`
    insert into ${incidents} (location_id, bay_id, level, opened_at, updated_at)
    select min(a.location_id::text)::uuid, a.bay_id, ${highest(sql`a.level`)}, min(s.at), min(s.at)
    from ${alerts} a join ${input} on s.bay_id = a.bay_id
    where a.resolved_at is null and a.incident_id is null
    group by a.bay_id
    on conflict (bay_id) where resolved_at is null and bay_id is not null do nothing`);
  await tx.execute(sql`
    update ${alerts} a set incident_id = i.id from ${incidents} i
    where a.bay_id = any(${ids}::uuid[]) and a.resolved_at is null and a.incident_id is null
      and i.bay_id = a.bay_id and i.resolved_at is null`);
  await tx.execute(sql`
    update ${incidents} i set level = c.level, updated_at = c.at
    from (
      select a.incident_id, ${highest(sql`a.level`)} as level, min(s.at) as at
      from ${alerts} a join ${input} on s.bay_id = a.bay_id
      where a.resolved_at is null and a.incident_id is not null
      group by a.incident_id
    ) c
    where i.id = c.incident_id and i.level <> c.level`);
  // Left without an open alert: resolved, or back to `prediction` while an expected crossing stands.
  await tx.execute(sql`
    update ${incidents} i set updated_at = o.at,
      resolved_at = case when o.predicted then null else o.at end,
      level = case when o.predicted then 'prediction' else i.level end
    from (
      select c.id, s.at, ${openPrediction(sql`c.id`)} as predicted from ${incidents} c join ${input} on s.bay_id = c.bay_id
      where c.resolved_at is null
        and not exists (select 1 from ${alerts} a where a.incident_id = c.id and a.resolved_at is null)
    ) o
    where i.id = o.id`);
}

/** The incident of each attribute's latest alert (open, or the last resolved one), by attribute. */
export async function incidentsOfAttributes(tx: Db, bayMetricIds: string[]): Promise<Map<string, string>> {
  if (bayMetricIds.length === 0) return new Map();
  const result = await tx.execute<{ id: string; incident_id: string }>(sql`
    select m.id, latest.incident_id from unnest(${array(bayMetricIds)}::uuid[]) as m(id)
    join lateral (
      select incident_id from ${alerts} where bay_metric_id = m.id order by opened_at desc limit 1
    ) latest on latest.incident_id is not null`);
  return new Map(result.rows.map((row) => [row.id, row.incident_id]));
}

type StateRow = {
  id: string;
  location_id: string;
  location_name: string;
  bay_id: string | null;
  bay_name: string | null;
  api_id: string | null;
  api_name: string | null;
  level: IncidentLevel;
  told: IncidentLevel | null;
  due: IncidentLevel | null;
  opened_at: Date | string;
  resolved_at: Date | string | null;
  last_event_id: string | number | null;
  last_bay_ids: string[] | null;
  last_payload: Partial<IncidentEventPayload> | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Incidents with what their messages need: what was told, the level due (a bay's: the highest level of its
 * open causes that held their pending period, `alerts.notified_level`; an API's: its level) and the last
 * event about it.
 */
async function incidentStates(tx: Db, ids: string[]): Promise<StateRow[]> {
  if (ids.length === 0) return [];
  // Prepared: planning its joins and subqueries took longer than running it (1.2 s against 0.9 s over a
  // 150,000-bay first round, issue 28).
  const result = await queryPrepared<StateRow>(
    tx,
    'vd_incident_states',
    sql`
    select i.id, i.location_id, l.name as location_name, i.bay_id, b.name as bay_name, i.api_id,
      ap.name as api_name, i.level, i.notified_level as told, i.opened_at, i.resolved_at,
      case when i.api_id is not null then i.level else coalesce((
        select ${highest(sql`a.notified_level`)} from ${alerts} a where a.incident_id = i.id and a.resolved_at is null
      ), case when ${openPrediction(sql`i.id`)} then 'prediction' end) end as due,
      last.id as last_event_id, last.bay_ids as last_bay_ids, last.payload as last_payload
    from ${incidents} i
    join ${locations} l on l.id = i.location_id
    left join ${bays} b on b.id = i.bay_id
    left join ${apis} ap on ap.id = i.api_id
    left join lateral (
      select id, bay_ids, payload, suppressed from ${notificationEvents} e
      where e.incident_id = i.id order by id desc limit 1
    ) last on true
    where i.id = any(${array(ids)}::uuid[])`,
  );
  return result.rows;
}

function stateOf(row: StateRow): IncidentState {
  return {
    id: row.id,
    resolved: row.resolved_at !== null,
    told: row.told,
    due: row.due,
    lastEventId: row.last_event_id === null ? null : Number(row.last_event_id),
  };
}

/** The event telling `message` about an incident (its causes are read again at dispatch). */
function incidentEvent(
  row: Omit<StateRow, 'told' | 'due' | 'last_event_id' | 'last_payload' | 'last_bay_ids'>,
  message: IncidentMessage,
  extra: { bayIds: string[]; bays: ApiEventBay[]; causes: IncidentEventPayload['causes'] },
  at: Date,
): NewNotificationEvent {
  const payload: IncidentEventPayload = {
    incidentId: row.id,
    locationId: row.location_id,
    locationName: row.location_name,
    bayId: row.bay_id,
    bayName: row.bay_name,
    apiId: row.api_id,
    apiName: row.api_name,
    level: message.level,
    previousLevel: message.previousLevel,
    openedAt: iso(row.opened_at) as string,
    resolvedAt: iso(row.resolved_at),
    durationSeconds: null,
    causes: extra.causes,
    bays: extra.bays,
    at: at.toISOString(),
  };
  return {
    type: message.type,
    tag: message.level,
    dedupeKey: message.dedupeKey,
    locationIds: [row.location_id],
    bayIds: extra.bayIds,
    apiId: row.api_id,
    incidentId: row.id,
    payload,
    suppressible: true,
  };
}

/** The message each of these incidents' state gives now (`incidentMessage`), as events to record. */
export async function incidentEvents(tx: Db, ids: string[], at: Date): Promise<NewNotificationEvent[]> {
  return (await incidentEventsOf(tx, [{ ids, at }]))[0] ?? [];
}

/** `incidentEvents` for several checks' incidents (each check its own), their states read in one query. */
export async function incidentEventsOf(
  tx: Db,
  checks: Array<{ ids: string[]; at: Date }>,
): Promise<NewNotificationEvent[][]> {
  const states = new Map(
    (
      await incidentStates(
        tx,
        checks.flatMap((c) => c.ids),
      )
    ).map((row) => [row.id, row]),
  );
  return checks.map(({ ids, at }) => {
    const events: NewNotificationEvent[] = [];
    for (const id of new Set(ids)) {
      const row = states.get(id);
      const message = row && incidentMessage(stateOf(row));
      if (!row || !message) continue;
      const last = row.last_payload ?? {};
      events.push(
        incidentEvent(
          row,
          message,
          {
            bayIds: row.bay_id ? [row.bay_id] : (row.last_bay_ids ?? []),
            bays: last.bays ?? [],
            causes: row.bay_id ? [] : (last.causes ?? []),
          },
          at,
        ),
      );
    }
    return events;
  });
}

/** An API reaching its failure threshold (`down`) or answering again after it (`recovered`). */
export type ApiIncidentChange = {
  type: 'down' | 'recovered';
  apiId: string;
  apiName: string;
  reason: string | null;
  failures: number;
  /** Every bay behind the API. */
  bays: ApiEventBay[];
  /** The start of the run of failures: when its incidents opened. */
  firstFailure: Date;
};

/**
 * An API down opens one incident per facility behind it (level critical: nothing there is monitored), told at
 * once; recovered resolves them, told where the opening was.
 */
export async function applyApiIncidents(
  tx: Db,
  change: ApiIncidentChange | null,
  at: Date,
): Promise<NewNotificationEvent[]> {
  if (!change || change.bays.length === 0) return [];
  const byLocation = new Map<string, ApiEventBay[]>();
  for (const bay of change.bays)
    byLocation.set(bay.locationId, [...(byLocation.get(bay.locationId) ?? []), bay]);
  const locationIds = [...byLocation.keys()];
  const rows =
    change.type === 'down'
      ? await tx.execute<{
          id: string;
          location_id: string;
          opened_at: Date;
          told: IncidentLevel | null;
        }>(sql`
          insert into ${incidents} (location_id, api_id, level, opened_at, updated_at)
          select l, ${change.apiId}, 'critical', ${change.firstFailure}, ${at} from unnest(${array(locationIds)}::uuid[]) as l
          on conflict (api_id, location_id) where resolved_at is null and api_id is not null do nothing
          returning id, location_id, opened_at, notified_level as told`)
      : await tx.execute<{
          id: string;
          location_id: string;
          opened_at: Date;
          told: IncidentLevel | null;
        }>(sql`
          update ${incidents} set resolved_at = ${at}, updated_at = ${at}
          where api_id = ${change.apiId} and resolved_at is null
          returning id, location_id, opened_at, notified_level as told`);
  const events: NewNotificationEvent[] = [];
  for (const row of rows.rows) {
    const behind = byLocation.get(row.location_id) ?? [];
    const message = incidentMessage({
      id: row.id,
      resolved: change.type === 'recovered',
      told: row.told,
      due: 'critical',
      lastEventId: null,
    });
    if (!message) continue;
    const state = {
      id: row.id,
      location_id: row.location_id,
      location_name: behind[0]?.locationName ?? '',
      bay_id: null,
      bay_name: null,
      api_id: change.apiId,
      api_name: change.apiName,
      level: 'critical' as const,
      opened_at: row.opened_at,
      resolved_at: change.type === 'recovered' ? at : null,
    };
    const cause = {
      kind: 'api' as const,
      apiId: change.apiId,
      apiName: change.apiName,
      reason: change.reason,
      failures: change.failures,
    };
    events.push(
      incidentEvent(
        state,
        message,
        { bayIds: behind.map((b) => b.bayId), bays: behind, causes: [cause] },
        at,
      ),
    );
  }
  return events;
}

/**
 * After recording: an incident's `notified_level` becomes the level of its opening or worsening just
 * recorded and not suppressed. One opened in maintenance or muted was not told, so neither is its end.
 */
export async function markIncidentsNotified(tx: Db, recordedEventIds: number[]): Promise<void> {
  if (recordedEventIds.length === 0) return;
  await tx.execute(sql`
    update ${incidents} i set notified_level = e.payload->>'level'
    from ${notificationEvents} e
    where e.id = any(${array(recordedEventIds)}::bigint[]) and e.incident_id = i.id and e.suppressed is null
      and e.type in ('incident.opened', 'incident.worsened')`);
}

/**
 * Open incidents whose last message was held back (maintenance, mute) and whose bays are neither in
 * maintenance nor muted now: told again (decision 033), up to `limit` per round.
 */
export async function incidentsToResend(tx: Db, limit: number): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(sql`
    select i.id from ${incidents} i
    join lateral (
      select suppressed, bay_ids from ${notificationEvents} e where e.incident_id = i.id order by id desc limit 1
    ) last on last.suppressed is not null
    where i.resolved_at is null and ${suppressionOf(sql`last.bay_ids`)} is null
    order by i.opened_at
    limit ${limit}
    for update of i skip locked`);
  return result.rows.map((row) => row.id);
}

/** The open alerts of an alert's incident that nobody acknowledged yet, acknowledged by `userId` with it. */
export async function acknowledgeIncidentOf(
  tx: Db,
  alertId: string,
  userId: string,
): Promise<
  Array<{ id: string; bayMetricId: string | null; bayId: string; locationId: string; level: AlertLevel }>
> {
  const result = await tx.execute<{
    id: string;
    bay_metric_id: string | null;
    bay_id: string;
    location_id: string;
    level: AlertLevel;
  }>(sql`
    with incident as (
      update ${incidents} i
      set acknowledged_by = coalesce(i.acknowledged_by, ${userId}), acknowledged_at = coalesce(i.acknowledged_at, now())
      from ${alerts} a
      where a.id = ${alertId} and i.id = a.incident_id
      returning i.id
    )
    update ${alerts} a set acknowledged_by = ${userId}, acknowledged_at = now(), updated_at = now()
    from incident
    where a.incident_id = incident.id and a.id <> ${alertId} and a.resolved_at is null and a.acknowledged_at is null
    returning a.id, a.bay_metric_id, a.bay_id, a.location_id, a.level`);
  return result.rows.map((row) => ({
    id: row.id,
    bayMetricId: row.bay_metric_id,
    bayId: row.bay_id,
    locationId: row.location_id,
    level: row.level,
  }));
}
