import { randomUUID } from 'node:crypto';
import type { AlertLevel } from '@vaskedrift/shared';
import { type AttributeTransition, type OpenAlert, planAlertTransitions } from '../alerts';
import type { HistoryInput } from './history-input';

/*
 * The demo history's alerts: each check's level changes of a bay turned into alerts and their events by the
 * alerts module's rules (`planAlertTransitions`), then the lasting critical ones taken by a demo user.
 */

/** A critical alert this long is taken ('Jeg ser på det') this soon after it became critical. */
const ACKNOWLEDGED_AFTER_MS = 10 * 60_000;
const ACKNOWLEDGE_DELAY_MS = 3 * 60_000;

export type PlannedAlert = {
  id: string;
  bayMetricId: string;
  bayId: string;
  locationId: string;
  attributeName: string;
  level: AlertLevel;
  openedAt: Date;
  updatedAt: Date;
  resolvedAt: Date | null;
  acknowledgedBy: string | null;
  acknowledgedAt: Date | null;
  lastValue: unknown;
  reason: string;
  inMaintenance: boolean;
  /** When it first was critical; the facility's position (who takes it). */
  criticalAt: Date | null;
  location: number;
};
export type PlannedAlertEvent = {
  alertId: string | null;
  bayMetricId: string;
  bayId: string;
  kind: 'opened' | 'escalated' | 'deescalated' | 'resolved' | 'acknowledged' | 'info';
  level: string | null;
  at: Date;
  value: unknown;
  reason: string | null;
  userId: string | null;
};
type AlertsOfHistory = { alerts: PlannedAlert[]; events: PlannedAlertEvent[] };

/** One check's level changes of a bay into alerts and their events, by the alerts module's rules. */
export function applyAlerts(
  plan: AlertsOfHistory,
  open: Map<string, OpenAlert>,
  byId: Map<string, PlannedAlert>,
  transitions: AttributeTransition[],
  at: Date,
  location: number,
) {
  const planned = planAlertTransitions(transitions, open);
  const event = (alertId: string | null, t: AttributeTransition, kind: PlannedAlertEvent['kind']) =>
    plan.events.push({
      alertId,
      bayMetricId: t.bayMetricId,
      bayId: t.bayId,
      kind,
      level: t.level,
      at,
      value: t.value,
      reason: t.reason,
      userId: null,
    });
  for (const t of planned.open) {
    const alert: PlannedAlert = {
      id: randomUUID(),
      bayMetricId: t.bayMetricId,
      bayId: t.bayId,
      locationId: t.locationId,
      attributeName: t.attributeName,
      level: t.alertLevel,
      openedAt: at,
      updatedAt: at,
      resolvedAt: null,
      acknowledgedBy: null,
      acknowledgedAt: null,
      lastValue: t.value,
      reason: t.reason,
      inMaintenance: t.inMaintenance,
      criticalAt: t.alertLevel === 'critical' ? at : null,
      location,
    };
    plan.alerts.push(alert);
    byId.set(alert.id, alert);
    open.set(t.bayMetricId, { id: alert.id, level: alert.level });
    event(alert.id, t, 'opened');
  }
  for (const m of planned.move) {
    const alert = byId.get(m.alertId);
    if (!alert) continue;
    Object.assign(alert, { level: m.level, updatedAt: at, lastValue: m.t.value, reason: m.t.reason });
    if (m.level === 'critical') alert.criticalAt ??= at;
    open.set(m.t.bayMetricId, { id: alert.id, level: m.level });
    event(alert.id, m.t, m.kind);
  }
  for (const r of planned.resolve) {
    const alert = byId.get(r.alertId);
    if (!alert) continue;
    Object.assign(alert, {
      resolvedAt: at,
      updatedAt: at,
      lastValue: r.t.value ?? alert.lastValue,
      reason: r.t.reason,
    });
    open.delete(r.t.bayMetricId);
    event(alert.id, r.t, 'resolved');
  }
  for (const i of planned.info) event(i.alertId, i.t, 'info');
}

/** Critical alerts that lasted are taken a few minutes after they became critical, as a technician would. */
export function acknowledge(plan: AlertsOfHistory, people: HistoryInput['people'], now: Date) {
  for (const alert of plan.alerts) {
    if (!alert.criticalAt) continue;
    const end = alert.resolvedAt ?? now;
    if (end.getTime() - alert.criticalAt.getTime() < ACKNOWLEDGED_AFTER_MS) continue;
    const by = people.operatorLocations.has(alert.location) ? people.operator : people.admin;
    alert.acknowledgedBy = by;
    alert.acknowledgedAt = new Date(alert.criticalAt.getTime() + ACKNOWLEDGE_DELAY_MS);
    plan.events.push({
      alertId: alert.id,
      bayMetricId: alert.bayMetricId,
      bayId: alert.bayId,
      kind: 'acknowledged',
      level: alert.level,
      at: alert.acknowledgedAt,
      value: null,
      reason: null,
      userId: by,
    });
  }
}
