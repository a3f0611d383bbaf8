import { describe, expect, it } from 'vitest';
import { deriveBayStatus } from './bay-status-rule';
import type { AttributeLevel } from './level-rules';

describe('deriveBayStatus', () => {
  const manualStatus = 'operational' as const;

  it.each<[AttributeLevel[], string]>([
    [['active', 'critical', 'warning', 'nodata'], 'error'],
    [['active', 'warning', 'inactive'], 'warning'],
    [['active', 'nodata'], 'inactive'],
    [['inactive', 'active'], 'inactive'],
    [['active', 'active'], 'operational'],
  ])('turns levels %j into %s', (levels, status) => {
    expect(deriveBayStatus({ inMaintenance: false, levels, manualStatus })).toBe(status);
  });

  it('lets maintenance win over everything', () => {
    expect(deriveBayStatus({ inMaintenance: true, levels: ['critical'], manualStatus })).toBe('maintenance');
    expect(deriveBayStatus({ inMaintenance: true, levels: [], manualStatus: 'error' })).toBe('maintenance');
  });

  it('keeps the manual status of a bay without attributes', () => {
    expect(deriveBayStatus({ inMaintenance: false, levels: [], manualStatus: 'error' })).toBe('error');
    expect(deriveBayStatus({ inMaintenance: false, levels: new Set(), manualStatus: 'inactive' })).toBe(
      'inactive',
    );
  });
});
