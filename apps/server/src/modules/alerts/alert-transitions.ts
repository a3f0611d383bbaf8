import type { AlertLevel, AttributeLevel } from '@vaskedrift/shared';

/** An attribute whose level changed in a check, with what the alert rules need to know. */
export type AttributeTransition = {
  bayMetricId: string;
  bayId: string;
  locationId: string;
  attributeName: string;
  previous: AttributeLevel | null;
  level: AttributeLevel;
  value: unknown;
  reason: string;
  inMaintenance: boolean;
};

/** An attribute's open alert, as read before a check decides what its new level does to it. */
export type OpenAlert = { id: string; level: AlertLevel };

/** What an attribute's new level does to its alert (docs/domain.md, Alerts). */
export type AlertAction =
  | { kind: 'open'; level: AlertLevel }
  | { kind: 'escalated' | 'deescalated'; level: AlertLevel }
  | { kind: 'resolve' }
  | { kind: 'info' }
  | null;

function isAlertLevel(level: AttributeLevel): level is AlertLevel {
  return level === 'critical' || level === 'warning';
}

/**
 * `critical`/`warning` opens an alert, or moves the open one to the new level; back to `active` resolves
 * it; entering `inactive` or `nodata` is an `info` event and leaves an open alert open (the problem is not
 * known to be gone). `previous` null: the attribute's first reading.
 */
export function alertAction(
  previous: AttributeLevel | null,
  next: AttributeLevel,
  open: { level: AlertLevel } | null,
): AlertAction {
  if (isAlertLevel(next)) {
    if (!open) return { kind: 'open', level: next };
    if (open.level === next) return null;
    return { kind: next === 'critical' ? 'escalated' : 'deescalated', level: next };
  }
  if (next === 'active') return open ? { kind: 'resolve' } : null;
  return previous === next ? null : { kind: 'info' };
}

/** What a check's level changes do to alerts: which to open, move to another level and resolve, and the `info` events. */
export type PlannedAlerts = {
  open: Array<AttributeTransition & { alertLevel: AlertLevel }>;
  move: Array<{
    alertId: string;
    t: AttributeTransition;
    kind: 'escalated' | 'deescalated';
    level: AlertLevel;
  }>;
  resolve: Array<{ alertId: string; level: AlertLevel; t: AttributeTransition }>;
  info: Array<{ alertId: string | null; t: AttributeTransition }>;
};

/** Sorts each transition by `alertAction` against the attribute's open alert (`open`, by bay attribute id). */
export function planAlertTransitions(
  transitions: AttributeTransition[],
  open: ReadonlyMap<string, OpenAlert>,
): PlannedAlerts {
  const planned: PlannedAlerts = { open: [], move: [], resolve: [], info: [] };
  for (const t of transitions) {
    const current = open.get(t.bayMetricId) ?? null;
    const action = alertAction(t.previous, t.level, current);
    if (!action) continue;
    if (action.kind === 'open') planned.open.push({ ...t, alertLevel: action.level });
    else if (action.kind === 'resolve' && current)
      planned.resolve.push({ alertId: current.id, level: current.level, t });
    else if (action.kind === 'info') planned.info.push({ alertId: current?.id ?? null, t });
    else if ((action.kind === 'escalated' || action.kind === 'deescalated') && current) {
      planned.move.push({ alertId: current.id, t, kind: action.kind, level: action.level });
    }
  }
  return planned;
}
