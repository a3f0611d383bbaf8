import type { AlertLevel, AttributeValue, Operator, ValueType } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { alerts, apiMetrics, bayMetrics, bays, locations } from '../../db/schema';
import { type Clock, systemClock } from '../../lib/clock';
import { createRepeatingJob } from '../../lib/repeating-job';
import type { AlertEventPayload } from '../notifications';
import { recordNotificationEvents } from '../notifications';
import { incidentEvents, incidentsToResend, markIncidentsNotified } from './incidents.repository';

const EVERY_MS = 30_000;
/** Alerts escalated per round; more wait for the next round (30 s). */
const BATCH = 500;

type Escalated = {
  id: string;
  bay_id: string;
  location_id: string;
  attribute_name: string;
  level: AlertLevel;
  last_value: AttributeValue | null;
  reason: string | null;
  bay_name: string;
  location_name: string;
  path: string | null;
  operator: Operator | null;
  type: ValueType | null;
  unit: string | null;
  true_label: string | null;
  false_label: string | null;
  threshold: string | null;
};

/**
 * Every 30 s: escalation, and incidents told again after a mute or maintenance (`resendDue`).
 *
 * Escalation (docs/domain.md, Alerts): a `critical` alert nobody acknowledged within `minutes` of becoming
 * critical records one `alert.unacknowledged` (tag `escalation`). "Became critical" is the alert's
 * `updated_at`: it is set when the alert opens or moves between levels and by nothing else, so an alert
 * that went warning → critical is measured from the escalation, not from the opening. Each round is one
 * claim (`FOR UPDATE SKIP LOCKED`, stamping `escalated_at`, once per alert) and one insert, in one
 * transaction, so two instances never escalate the same alert twice. `updated_at` is the check's time on
 * the same clock as `now` (decision 030); one ahead of `now` (the clock went back since) is first brought
 * to `now`, so the alert escalates `minutes` later rather than when the clock catches up.
 */
export function createAlertEscalation(deps: {
  db: Db;
  log: Logger;
  /** The escalation delay, or where to read it each round (the system settings: it can change at run time). */
  minutes: number | (() => Promise<number>);
  onNotificationsRecorded: () => void;
  /** The clock alerts escalate by; tests pass `now` to `escalateDue` or a clock they move. */
  clock?: Clock;
}) {
  const clock = deps.clock ?? systemClock;

  /** Escalates every alert due at `now`; returns how many. */
  async function escalateDue(now: Date = clock.now()): Promise<number> {
    const minutes = typeof deps.minutes === 'number' ? deps.minutes : await deps.minutes();
    const cutoff = new Date(now.getTime() - minutes * 60_000);
    const recorded = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`
        with ahead as (
          select id from ${alerts}
          where resolved_at is null and level = 'critical' and acknowledged_at is null
            and escalated_at is null and updated_at > ${now}
          for update skip locked
        )
        update ${alerts} a set updated_at = ${now} from ahead where a.id = ahead.id`);
      const claimed = await tx.execute<Escalated>(sql`
        with due as (
          select id from ${alerts}
          where resolved_at is null and level = 'critical' and acknowledged_at is null
            and escalated_at is null and updated_at <= ${cutoff}
          order by updated_at
          limit ${BATCH}
          for update skip locked
        ), stamped as (
          update ${alerts} a set escalated_at = ${now} from due where a.id = due.id
          returning a.id, a.bay_id, a.location_id, a.bay_metric_id, a.attribute_name, a.level, a.last_value,
            a.reason
        )
        select s.id, s.bay_id, s.location_id, s.level, s.last_value, s.reason,
          case when bm.id is null then s.attribute_name
            else coalesce(bm.display_name, am.display_name, s.attribute_name) end as attribute_name,
          b.name as bay_name, l.name as location_name, bm.path, bm.operator, bm.type,
          coalesce(bm.unit, am.unit) as unit, coalesce(bm.true_label, am.true_label) as true_label,
          coalesce(bm.false_label, am.false_label) as false_label, bm.threshold_critical as threshold
        from stamped s
        join ${bays} b on b.id = s.bay_id
        join ${locations} l on l.id = s.location_id
        left join ${bayMetrics} bm on bm.id = s.bay_metric_id
        left join ${apiMetrics} am on am.id = bm.api_metric_id`);
      return recordNotificationEvents(
        tx,
        claimed.rows.map((a) => ({
          type: 'alert.unacknowledged' as const,
          tag: 'escalation' as const,
          dedupeKey: `unacknowledged:${a.id}`,
          locationIds: [a.location_id],
          bayIds: [a.bay_id],
          alertId: a.id,
          payload: payloadOf(a, now),
          suppressible: true,
        })),
      );
    });
    if (recorded.length > 0) deps.onNotificationsRecorded();
    return recorded.length;
  }

  /**
   * Tells again the open incidents whose last message a mute or maintenance held back, now that neither
   * does (decision 033): a mute that expires by time has no event, so each round looks. Returns how many.
   */
  async function resendDue(now: Date = clock.now()): Promise<number> {
    const recorded = await deps.db.transaction(async (tx) => {
      const events = await incidentEvents(tx, await incidentsToResend(tx, BATCH), now);
      const ids = await recordNotificationEvents(tx, events);
      await markIncidentsNotified(tx, ids);
      return ids;
    });
    if (recorded.length > 0) deps.onNotificationsRecorded();
    return recorded.length;
  }

  const job = createRepeatingJob({
    round: () => Promise.all([escalateDue(), resendDue()]),
    firstDelayMs: () => EVERY_MS,
    nextDelayMs: () => EVERY_MS,
    retryDelayMs: EVERY_MS,
    onError: (err) => deps.log.error({ err }, 'eskalering eller ny utsending av varsler feilet'),
  });

  return { escalateDue, resendDue, start: job.start, stop: job.stop };
}

function payloadOf(a: Escalated, now: Date): AlertEventPayload {
  return {
    locationId: a.location_id,
    locationName: a.location_name,
    bayId: a.bay_id,
    bayName: a.bay_name,
    attributeName: a.attribute_name,
    path: a.path ?? '',
    type: a.type,
    unit: a.unit,
    trueLabel: a.true_label,
    falseLabel: a.false_label,
    level: a.level,
    previousLevel: a.level,
    value: a.last_value,
    threshold: a.threshold,
    operator: a.operator,
    reason: a.reason,
    at: now.toISOString(),
  };
}
