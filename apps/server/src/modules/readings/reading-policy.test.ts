import { describe, expect, it } from 'vitest';
import { shouldStoreReading } from './reading-policy';

const HEARTBEAT = 10 * 60_000;
const now = Date.parse('2026-01-01T12:00:00Z');
const ago = (ms: number) => new Date(now - ms);

describe('shouldStoreReading', () => {
  it('stores the first reading', () => {
    expect(
      shouldStoreReading(
        { level: null, value: null, at: null },
        { level: 'active', value: 1 },
        now,
        HEARTBEAT,
      ),
    ).toBe(true);
  });

  it('stores a level change even when the value is the same', () => {
    const stored = { level: 'active' as const, value: 40, at: ago(30_000) };
    expect(shouldStoreReading(stored, { level: 'warning', value: 40 }, now, HEARTBEAT)).toBe(true);
  });

  it('skips a number within the deadband and stores one beyond it', () => {
    const stored = { level: 'active' as const, value: 40, at: ago(30_000) };
    expect(shouldStoreReading(stored, { level: 'active', value: 40.1 }, now, HEARTBEAT)).toBe(false);
    expect(shouldStoreReading(stored, { level: 'active', value: 40.3 }, now, HEARTBEAT)).toBe(true);
    expect(
      shouldStoreReading({ ...stored, value: 0 }, { level: 'active', value: 0.001 }, now, HEARTBEAT),
    ).toBe(true);
  });

  it('stores any change of a text or boolean value', () => {
    const stored = { level: 'active' as const, value: 'vasker', at: ago(30_000) };
    expect(shouldStoreReading(stored, { level: 'active', value: 'vasker' }, now, HEARTBEAT)).toBe(false);
    expect(shouldStoreReading(stored, { level: 'active', value: 'ledig' }, now, HEARTBEAT)).toBe(true);
    expect(
      shouldStoreReading({ ...stored, value: true }, { level: 'active', value: false }, now, HEARTBEAT),
    ).toBe(true);
  });

  it('stores an unchanged value again as a heartbeat', () => {
    const stored = { level: 'active' as const, value: 40, at: ago(HEARTBEAT) };
    expect(shouldStoreReading(stored, { level: 'active', value: 40 }, now, HEARTBEAT)).toBe(true);
  });
});
