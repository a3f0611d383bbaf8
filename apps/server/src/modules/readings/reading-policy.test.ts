import { describe, expect, it } from 'vitest';
import { deadbandOf, shouldStoreReading } from './reading-policy';
import { fitsReal } from './readings.repository';

const HEARTBEAT = 30 * 60_000;
const DEADBAND = deadbandOf(null);
const now = Date.parse('2026-01-01T12:00:00Z');
const ago = (ms: number) => new Date(now - ms);
const store = (
  stored: Parameters<typeof shouldStoreReading>[0],
  next: Parameters<typeof shouldStoreReading>[1],
  deadband = DEADBAND,
) => shouldStoreReading(stored, next, now, HEARTBEAT, deadband);

describe('shouldStoreReading', () => {
  it('stores the first reading', () => {
    expect(store({ level: null, value: null, at: null }, { level: 'active', value: 1 })).toBe(true);
  });

  it('stores a level change even when the value is the same', () => {
    const stored = { level: 'active' as const, value: 40, at: ago(30_000) };
    expect(store(stored, { level: 'warning', value: 40 })).toBe(true);
    expect(store(stored, { level: 'warning', value: 40 }, 1)).toBe(true);
  });

  it('skips a number within the deadband (default 0.5 %) and stores one beyond it', () => {
    expect(DEADBAND).toBe(0.005);
    const stored = { level: 'active' as const, value: 40, at: ago(30_000) };
    expect(store(stored, { level: 'active', value: 40.1 })).toBe(false);
    expect(store(stored, { level: 'active', value: 39.9 })).toBe(false);
    expect(store(stored, { level: 'active', value: 40.3 })).toBe(true);
    expect(store({ ...stored, value: 0 }, { level: 'active', value: 0.001 })).toBe(true);
  });

  it("follows the attribute's own deadband: 0 stores every change, 5 % skips smaller moves", () => {
    const stored = { level: 'active' as const, value: 40, at: ago(30_000) };
    expect(store(stored, { level: 'active', value: 40.01 }, deadbandOf(0))).toBe(true);
    expect(store(stored, { level: 'active', value: 40 }, deadbandOf(0))).toBe(false);
    expect(store(stored, { level: 'active', value: 41.9 }, deadbandOf(5))).toBe(false);
    expect(store(stored, { level: 'active', value: 42.1 }, deadbandOf(5))).toBe(true);
  });

  it('stores any change of a text or boolean value, whatever the deadband', () => {
    const stored = { level: 'active' as const, value: 'vasker', at: ago(30_000) };
    expect(store(stored, { level: 'active', value: 'vasker' }, 1)).toBe(false);
    expect(store(stored, { level: 'active', value: 'ledig' }, 1)).toBe(true);
    expect(store({ ...stored, value: true }, { level: 'active', value: false }, 1)).toBe(true);
  });

  it('stores an unchanged value again as a heartbeat', () => {
    const stored = { level: 'active' as const, value: 40, at: ago(HEARTBEAT - 1) };
    expect(store(stored, { level: 'active', value: 40 })).toBe(false);
    expect(store({ ...stored, at: ago(HEARTBEAT) }, { level: 'active', value: 40 })).toBe(true);
  });

  it('stores an unchanged value stored ahead of now: the clock went back, the heartbeat starts again', () => {
    const stored = { level: 'active' as const, value: 40, at: ago(-60 * 60_000) };
    expect(store(stored, { level: 'active', value: 40 })).toBe(true);
  });
});

describe('fitsReal', () => {
  it('holds numbers of up to six significant digits, not more', () => {
    for (const v of [0, 1, -1, 36.4, 5.8, 0.001, 123456, 99.9999, 1e-10, 3.5e12])
      expect(fitsReal(v)).toBe(true);
    for (const v of [1732400123, 16777217, 0.1 + 0.2, Math.PI, 1e40]) expect(fitsReal(v)).toBe(false);
  });
});

describe('deadbandOf a counter', () => {
  it('is 0 whatever is set: a counter from 100,000 stores the next wash', () => {
    const deadband = deadbandOf(5, 'counter');
    expect(deadband).toBe(0);
    const stored = { level: 'active' as const, value: 100_000, at: ago(30_000) };
    expect(store(stored, { level: 'active', value: 100_001 }, deadband)).toBe(true);
    expect(store(stored, { level: 'active', value: 100_001 }, deadbandOf(null, 'number'))).toBe(false);
  });
});
