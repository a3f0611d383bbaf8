import { faultInHour, unitHash } from './readings';
import { demandAt, HOUR_MS } from './scenario/rhythm';

/*
 * The wash counter of the drifting controllers (the `washCounter` option; the demo's bays): washes follow
 * the scenario's week (busy Saturdays, quiet nights; `scenario/rhythm.ts`), each bay at its own pace, none
 * while the bay is in one of its short faults, and the counter starts over at 0 at midnight UTC, as a
 * controller's count of the day does. A function of (seed, facility, bay, time) like every drifting
 * reading: at most a day's hours of faults are looked at, so nothing is kept between requests.
 */

const DAY_MS = 24 * HOUR_MS;
/** Separates the pace's random draw from the readings' (`SALT` in readings.ts ends at 11). */
const PACE_SALT = 12;

/** Washes of bay `bay` in [fromMs, toMs): its pace (0.6–1.4 × an average bay) over the week's rhythm, less its faults. */
export function washesBetween(
  seed: number,
  location: number,
  bay: number,
  fromMs: number,
  toMs: number,
): number {
  if (toMs <= fromMs) return 0;
  let washes = demandAt(toMs) - demandAt(fromMs);
  // A fault starts in an hour and lasts at most 15 minutes, so the hour before `fromMs` may reach into it;
  // two may overlap (one running on into the next hour), so the time down is counted once.
  let downUntil = fromMs;
  for (let hour = Math.floor(fromMs / HOUR_MS) - 1; hour <= Math.floor(toMs / HOUR_MS); hour++) {
    const fault = faultInHour(seed, location, bay, hour);
    if (!fault) continue;
    const from = Math.max(downUntil, fault.start * 1000);
    const to = Math.min(toMs, fault.end * 1000);
    if (to > from) washes -= demandAt(to) - demandAt(from);
    downUntil = Math.max(downUntil, to);
  }
  return (0.6 + 0.8 * unitHash(seed, location, bay, PACE_SALT)) * Math.max(0, washes);
}

/**
 * The counter at `atMs`: the washes since midnight UTC, whole. `down` are further stretches the bay could
 * not wash in (the demo's scripted failures), left out as its faults are.
 */
export function washCountAt(
  seed: number,
  location: number,
  bay: number,
  atMs: number,
  down: ReadonlyArray<readonly [fromMs: number, toMs: number]> = [],
): number {
  const midnight = Math.floor(atMs / DAY_MS) * DAY_MS;
  let washes = washesBetween(seed, location, bay, midnight, atMs);
  for (const [from, to] of down) {
    washes -= washesBetween(seed, location, bay, Math.max(from, midnight), Math.min(to, atMs));
  }
  return Math.max(0, Math.floor(washes + 1e-9));
}
