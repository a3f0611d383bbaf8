import type { AttributeLevel } from '@vaskedrift/shared';

/**
 * A numeric value is "changed" when it moved more than this share of the last stored value: the noise of a
 * drifting sensor is not history worth a row every 30 s (decision 007, exception reporting).
 */
export const NUMERIC_DEADBAND = 0.005;

type Stored = { level: AttributeLevel | null; value: string | number | boolean | null; at: Date | null };

/**
 * Whether a reading is stored raw: the first one, a level change, a value change (numbers beyond the
 * deadband), or a heartbeat once the last stored reading is `heartbeatMs` old. Levels always count, so an
 * alert's history is exact; values between stored ones are within the deadband of the one before.
 */
export function shouldStoreReading(
  stored: Stored,
  next: { level: AttributeLevel; value: string | number | boolean | null },
  now: number,
  heartbeatMs: number,
): boolean {
  if (stored.at === null || stored.level !== next.level) return true;
  if (now - stored.at.getTime() >= heartbeatMs) return true;
  if (typeof stored.value === 'number' && typeof next.value === 'number') {
    return Math.abs(next.value - stored.value) > Math.abs(stored.value) * NUMERIC_DEADBAND;
  }
  return stored.value !== next.value;
}
