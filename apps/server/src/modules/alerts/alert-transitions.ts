import type { AlertLevel, AttributeLevel } from '@vaskedrift/shared';

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
