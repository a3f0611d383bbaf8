import { describe, expect, it } from 'vitest';
import { toSortColumn } from './sort-column';

const KNOWN = ['name', 'city', 'bays'] as const;

describe('toSortColumn', () => {
  it('keeps an accessor the API knows', () => {
    expect(toSortColumn('city', KNOWN, 'name')).toBe('city');
  });

  it('falls back for unknown or non-string accessors', () => {
    expect(toSortColumn('address', KNOWN, 'name')).toBe('name');
    expect(toSortColumn(undefined, KNOWN, 'city')).toBe('city');
    expect(toSortColumn(3, KNOWN, 'name')).toBe('name');
  });

  it('maps an aliased accessor to its API column', () => {
    expect(toSortColumn('bayCount', KNOWN, 'name', { bayCount: 'bays' })).toBe('bays');
  });

  it('ignores inherited object keys as aliases', () => {
    expect(toSortColumn('toString', KNOWN, 'name', {})).toBe('name');
  });
});
