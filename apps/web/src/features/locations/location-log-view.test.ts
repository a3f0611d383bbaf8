import type { LocationLogEntry } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import { logEntryWhat, periodStart } from './location-log-view';

const entry = (overrides: Partial<LocationLogEntry>): LocationLogEntry => ({
  id: 'audit:1',
  kind: 'audit',
  type: 'bays/update',
  at: '2026-11-24T10:00:00.000Z',
  user: null,
  bayId: null,
  bayName: null,
  apiId: null,
  apiName: null,
  resourceType: 'bays',
  extraData: null,
  ...overrides,
});

describe('periodStart', () => {
  const now = Date.parse('2026-11-24T12:34:56.789Z');
  it('is nothing for the whole log and the start of the period, to the minute, otherwise', () => {
    expect(periodStart('all', now)).toBeUndefined();
    expect(periodStart('24h', now)).toBe('2026-11-23T12:34:00.000Z');
    expect(periodStart('7d', now)).toBe('2026-11-17T12:34:00.000Z');
    expect(periodStart('30d', now)).toBe('2026-10-25T12:34:00.000Z');
  });
});

describe('logEntryWhat', () => {
  it("names a failed check's API and reason", () => {
    const failed = entry({
      kind: 'check',
      apiName: 'Kontroller Sentrum',
      extraData: { error: 'Tidsavbrudd' },
    });
    expect(logEntryWhat(failed)).toBe('Kontroller Sentrum: Tidsavbrudd');
  });
  it('gives the name or title and the changed fields of an audit entry', () => {
    expect(logEntryWhat(entry({ extraData: { name: 'Vaskehall 2', fields: ['name', 'status'] } }))).toBe(
      'Vaskehall 2 (name, status)',
    );
    expect(logEntryWhat(entry({ extraData: { title: 'Manual' } }))).toBe('Manual');
    expect(logEntryWhat(entry({ extraData: { locationId: 'x' } }))).toBe('');
  });
});
