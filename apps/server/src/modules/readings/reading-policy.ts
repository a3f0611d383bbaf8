import { type AttributeLevel, DEFAULT_DEADBAND_PERCENT, type ValueType } from '@vaskedrift/shared';

type Value = string | number | boolean | null;
type Stored = { level: AttributeLevel | null; value: Value; at: Date | null };

/**
 * An attribute's deadband as a share of the value: its own percentage, or the default. A counter's is 0
 * whatever is set: every increment is a wash counted (decision 034).
 */
export function deadbandOf(deadbandPercent: number | null | undefined, type?: ValueType): number {
  if (type === 'counter') return 0;
  return (deadbandPercent ?? DEFAULT_DEADBAND_PERCENT) / 100;
}

/**
 * Whether a reading is stored raw (decision 022): the first one, a level change, a number that moved more
 * than `deadband` (a share, e.g. 0.005) of the last stored value, any change of a text or boolean, or a
 * heartbeat once the last stored reading is `heartbeatMs` old. Levels always count, so an alert's history
 * is exact; every value between two stored ones is within the deadband of the first.
 */
export function shouldStoreReading(
  stored: Stored,
  next: { level: AttributeLevel; value: Value },
  now: number,
  heartbeatMs: number,
  deadband: number,
): boolean {
  if (stored.at === null || stored.level !== next.level) return true;
  // Stored ahead of now: the clock went back; store rather than wait for it to catch up (decision 030).
  if (now - stored.at.getTime() >= heartbeatMs || now < stored.at.getTime()) return true;
  if (typeof stored.value === 'number' && typeof next.value === 'number') {
    return Math.abs(next.value - stored.value) > Math.abs(stored.value) * deadband;
  }
  return stored.value !== next.value;
}
