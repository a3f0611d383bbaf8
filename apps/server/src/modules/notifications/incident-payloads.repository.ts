import type { IncidentCause, IncidentPredictionCause } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  alerts,
  apiMetrics,
  bayMetrics,
  incidentPredictions,
  incidents,
  notificationEvents,
} from '../../db/schema';
import type { NotificationEventRow } from './events';

type IncidentNow = {
  id: string;
  resolved_at: Date | string | null;
  duration_seconds: number | null;
  bay_incident: boolean;
  causes: IncidentCause[];
  predictions: Array<IncidentPredictionCause & { open: boolean }>;
};

/**
 * The predictions an event names: an opening at `prediction` every one of the incident's (it tells them,
 * even when one ended before the dispatch); any other message those still standing.
 */
function predictionsOf(event: NotificationEventRow, incident: IncidentNow): IncidentPredictionCause[] {
  const told = (event.payload as { level?: unknown }).level === 'prediction';
  return incident.predictions.filter((p) => told || p.open).map(({ open: _open, ...cause }) => cause);
}

/**
 * Incident events as their incidents are at dispatch (decision 033), so causes that joined within the group
 * wait are in the one opening message: a bay's causes (its open alerts; once resolved, every alert it had;
 * critical first, then in the order they opened; then its standing predictions, soonest first, decision 035)
 * in the attribute's words, and the resolution with its duration. An API's
 * incident keeps the cause it was recorded with. The events keep the payload told.
 */
export async function withIncidentsNow(
  tx: Db,
  events: NotificationEventRow[],
): Promise<NotificationEventRow[]> {
  const ids = [...new Set(events.map((event) => event.incidentId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return events;
  const result = await tx.execute<IncidentNow>(sql`
    select i.id, i.resolved_at, i.bay_id is not null as bay_incident,
      extract(epoch from i.resolved_at - i.opened_at)::int as duration_seconds,
      coalesce((
        select jsonb_agg(jsonb_build_object(
          'kind', 'attribute',
          'attributeName', case when bm.id is null then a.attribute_name
            else coalesce(bm.display_name, am.display_name, a.attribute_name) end,
          'path', bm.path, 'type', bm.type, 'operator', bm.operator,
          'unit', coalesce(bm.unit, am.unit), 'trueLabel', coalesce(bm.true_label, am.true_label),
          'falseLabel', coalesce(bm.false_label, am.false_label),
          'level', a.level, 'value', a.last_value, 'reason', a.reason,
          'threshold', case a.level when 'critical' then bm.threshold_critical else bm.threshold_warning end
        ) order by case a.level when 'critical' then 0 else 1 end, a.opened_at, bm.path, a.id)
        from ${alerts} a
        left join ${bayMetrics} bm on bm.id = a.bay_metric_id
        left join ${apiMetrics} am on am.id = bm.api_metric_id
        where a.incident_id = i.id and (i.resolved_at is not null or a.resolved_at is null)
      ), '[]'::jsonb) as causes,
      coalesce((
        select jsonb_agg(jsonb_build_object(
          'kind', 'prediction', 'level', 'prediction', 'expectedLevel', p.level,
          'expectedAt', to_char(p.expected_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'confidence', p.confidence,
          'attributeName', coalesce(bm.display_name, am.display_name, p.attribute_name),
          'path', bm.path, 'unit', coalesce(bm.unit, am.unit), 'value', p.value, 'direction', p.direction,
          'at', to_char(p.opened_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'open', i.resolved_at is null and p.resolved_at is null
        ) order by p.expected_at, p.id)
        from ${incidentPredictions} p
        left join ${bayMetrics} bm on bm.id = p.bay_metric_id
        left join ${apiMetrics} am on am.id = bm.api_metric_id
        where p.incident_id = i.id
      ), '[]'::jsonb) as predictions
    from ${incidents} i
    where i.id = any(${sql.param(ids)}::uuid[])`);
  const now = new Map(result.rows.map((row) => [row.id, row]));
  const told = events.map((event) => {
    const incident = event.incidentId ? now.get(event.incidentId) : undefined;
    if (!incident) return event;
    const resolvedAt = incident.resolved_at === null ? null : new Date(incident.resolved_at).toISOString();
    return {
      ...event,
      payload: {
        ...event.payload,
        ...(incident.bay_incident ? { causes: [...incident.causes, ...predictionsOf(event, incident)] } : {}),
        resolvedAt,
        durationSeconds: resolvedAt === null ? null : Math.max(0, Number(incident.duration_seconds)),
      },
    };
  });
  // The event keeps what it told.
  const changed = told.filter((event) => event.incidentId !== null);
  await tx.execute(sql`
    update ${notificationEvents} e set payload = t.payload
    from jsonb_to_recordset(${JSON.stringify(changed.map(({ id, payload }) => ({ id, payload })))}::jsonb)
      as t(id bigint, payload jsonb)
    where e.id = t.id`);
  return told;
}
