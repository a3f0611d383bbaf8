import { describe, expect, it } from 'vitest';
import { alertAction } from './alert-transitions';

describe('alertAction (docs/domain.md, Alerts)', () => {
  it('opens an alert when an attribute enters critical or warning', () => {
    expect(alertAction('active', 'warning', null)).toEqual({ kind: 'open', level: 'warning' });
    expect(alertAction(null, 'critical', null)).toEqual({ kind: 'open', level: 'critical' });
    expect(alertAction('nodata', 'critical', null)).toEqual({ kind: 'open', level: 'critical' });
  });

  it('escalates and de-escalates the open alert in place, and leaves it alone at the same level', () => {
    expect(alertAction('warning', 'critical', { level: 'warning' })).toEqual({
      kind: 'escalated',
      level: 'critical',
    });
    expect(alertAction('critical', 'warning', { level: 'critical' })).toEqual({
      kind: 'deescalated',
      level: 'warning',
    });
    expect(alertAction('critical', 'critical', { level: 'critical' })).toBeNull();
    // Back from no data at the alert's own level: nothing new to say.
    expect(alertAction('nodata', 'warning', { level: 'warning' })).toBeNull();
  });

  it('resolves it when the attribute is back to active, and says nothing when there was none', () => {
    expect(alertAction('critical', 'active', { level: 'critical' })).toEqual({ kind: 'resolve' });
    expect(alertAction('warning', 'active', null)).toBeNull();
    expect(alertAction(null, 'active', null)).toBeNull();
  });

  it('makes inactive and nodata transitions info events, keeping an open alert open', () => {
    expect(alertAction('active', 'nodata', null)).toEqual({ kind: 'info' });
    expect(alertAction('critical', 'inactive', { level: 'critical' })).toEqual({ kind: 'info' });
    expect(alertAction(null, 'nodata', null)).toEqual({ kind: 'info' });
    expect(alertAction('nodata', 'nodata', null)).toBeNull();
    expect(alertAction('nodata', 'inactive', null)).toEqual({ kind: 'info' });
  });
});
