import { describe, expect, it } from 'vitest';
import {
  customSearch,
  formatDayParam,
  parseDay,
  presetSearch,
  rangeKey,
  resolveRange,
  validateRangeSearch,
} from './range';

const now = new Date(2026, 10, 24, 18, 30);

describe('validateRangeSearch', () => {
  it('keeps a preset and drops the default from the address', () => {
    expect(validateRangeSearch({ range: '30d' })).toEqual({ range: '30d' });
    expect(validateRangeSearch({ range: '7d' })).toEqual({});
    expect(validateRangeSearch({})).toEqual({});
  });

  it('keeps a custom period of real days, in order', () => {
    expect(validateRangeSearch({ range: 'custom', from: '2026-11-01', to: '2026-11-15' })).toEqual({
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-15',
    });
  });

  it('falls back to the default for anything else', () => {
    expect(validateRangeSearch({ range: '1y' })).toEqual({});
    expect(validateRangeSearch({ range: 'custom', from: '2026-11-15', to: '2026-11-01' })).toEqual({});
    expect(validateRangeSearch({ range: 'custom', from: '2026-02-30', to: '2026-03-01' })).toEqual({});
    expect(validateRangeSearch({ range: 'custom', from: '2024-01-01', to: '2026-01-01' })).toEqual({});
    expect(validateRangeSearch({ range: 'custom', from: 20261101, to: '2026-11-15' })).toEqual({});
  });

  it('round-trips what the picker writes', () => {
    for (const search of [presetSearch('24h'), presetSearch('7d'), presetSearch('90d')]) {
      expect(validateRangeSearch({ ...search })).toEqual(search);
    }
    const custom = customSearch(new Date(2026, 10, 15), new Date(2026, 10, 1));
    expect(custom).toEqual({ range: 'custom', from: '2026-11-01', to: '2026-11-15' });
    expect(validateRangeSearch({ ...custom })).toEqual(custom);
  });
});

describe('resolveRange', () => {
  it('ends a preset now', () => {
    const { choice, from, to } = resolveRange({ range: '24h' }, now);
    expect(choice).toBe('24h');
    expect(to).toEqual(now);
    expect(now.getTime() - from.getTime()).toBe(86_400_000);
    expect(resolveRange({}, now).choice).toBe('7d');
  });

  it('runs a custom period from the first midnight to the midnight after the last day, never past now', () => {
    const past = resolveRange({ range: 'custom', from: '2026-11-01', to: '2026-11-15' }, now);
    expect(past.from).toEqual(new Date(2026, 10, 1));
    expect(past.to).toEqual(new Date(2026, 10, 16));
    const today = resolveRange({ range: 'custom', from: '2026-11-20', to: '2026-11-24' }, now);
    expect(today.to).toEqual(now);
  });

  it('keys presets by name and custom periods by their days', () => {
    expect(rangeKey({ range: '30d' })).toEqual(['30d']);
    expect(rangeKey({ range: 'custom', from: '2026-11-01', to: '2026-11-02' })).toEqual([
      'custom',
      '2026-11-01',
      '2026-11-02',
    ]);
  });
});

describe('days', () => {
  it('parses and formats local calendar days', () => {
    expect(parseDay('2026-03-05')).toEqual(new Date(2026, 2, 5));
    expect(parseDay('5.3.2026')).toBeNull();
    expect(formatDayParam(new Date(2026, 2, 5, 23, 59))).toBe('2026-03-05');
  });
});
