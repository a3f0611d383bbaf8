import { type AttributeLevel, DEFAULT_DEADBAND_PERCENT } from '@vaskedrift/shared';

type Value = string | number | boolean | null;
type Stored = { level: AttributeLevel | null; value: Value; at: Date | null };

/** An attribute's deadband as a share of the value: its own percentage, or the default. */
export function deadbandOf(deadbandPercent: number | null | undefined): number {
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
  if (now - stored.at.getTime() >= heartbeatMs) return true;
  if (typeof stored.value === 'number' && typeof next.value === 'number') {
    return Math.abs(next.value - stored.value) > Math.abs(stored.value) * deadband;
  }
  return stored.value !== next.value;
}
