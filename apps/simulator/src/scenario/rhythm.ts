import { unitHash } from '../readings';

/*
 * The week's rhythm of a car wash: how many washes a bay starts in each hour of the week. Busy Saturdays,
 * a Friday-afternoon rush, quiet nights. Times are UTC; the week starts Monday 00:00.
 */

export const HOUR_MS = 3_600_000;
export const WEEK_MS = 7 * 24 * HOUR_MS;
/** Monday 1970-01-05 00:00 UTC: week 0 of the scenario. */
const FIRST_MONDAY_MS = 4 * 24 * HOUR_MS;

/** Washes an average bay starts in each hour of a weekday (Monday–Thursday). */
const WEEKDAY = [
  0.1, 0.05, 0.05, 0.05, 0.1, 0.3, 0.8, 1.5, 2.0, 2.2, 2.4, 2.6, 2.8, 2.8, 3.0, 3.4, 3.8, 3.6, 3.0, 2.4, 1.6,
  1.0, 0.5, 0.2,
];

function dayProfile(day: number): number[] {
  return WEEKDAY.map((rate, hour) => {
    if (day === 4 && hour >= 14 && hour < 20) return rate * 1.3; // Friday afternoon
    if (day === 5) return hour >= 8 && hour < 18 ? rate * 1.9 : rate; // Saturday
    if (day === 6) return hour < 10 ? rate * 0.5 : hour < 18 ? rate * 1.3 : rate; // Sunday: late start
    return rate;
  });
}

/** Washes per hour of an average bay, by hour of the week (0 = Monday 00–01 UTC). */
const WEEK_PROFILE: readonly number[] = [0, 1, 2, 3, 4, 5, 6].flatMap(dayProfile);
const PEAK = Math.max(...WEEK_PROFILE);
/** PREFIX[h]: washes of an average bay from the start of the week to hour h. */
const PREFIX = [0];
for (const rate of WEEK_PROFILE) PREFIX.push((PREFIX.at(-1) ?? 0) + rate);
export const WEEK_TOTAL = PREFIX[168] ?? 0;

export function hourOfWeek(atMs: number): number {
  const inWeek = (((atMs - FIRST_MONDAY_MS) % WEEK_MS) + WEEK_MS) % WEEK_MS;
  return Math.floor(inWeek / HOUR_MS);
}

export function weekOf(atMs: number): number {
  return Math.floor((atMs - FIRST_MONDAY_MS) / WEEK_MS);
}

export function weekStartMs(week: number): number {
  return FIRST_MONDAY_MS + week * WEEK_MS;
}

/** 0 (dead of night) … 1 (Saturday peak): how busy a bay is at this hour of the week. */
export function busyness(atMs: number): number {
  return (WEEK_PROFILE[hourOfWeek(atMs)] ?? 0) / PEAK;
}

/**
 * Expected washes of an average bay since week 0 (continuous, piecewise linear): what a chemical tank's
 * level follows, since every wash uses soap and wax.
 */
export function demandAt(atMs: number): number {
  const week = weekOf(atMs);
  const inWeekHours = (atMs - weekStartMs(week)) / HOUR_MS;
  const hour = Math.min(167, Math.floor(inWeekHours));
  return week * WEEK_TOTAL + (PREFIX[hour] ?? 0) + (inWeekHours - hour) * (WEEK_PROFILE[hour] ?? 0);
}

/** The time at which `demandAt` reaches `demand` (the first, when an hour has no demand). */
export function timeOfDemand(demand: number): number {
  const week = Math.floor(demand / WEEK_TOTAL);
  const rest = demand - week * WEEK_TOTAL;
  let hour = 0;
  while (hour < 167 && (PREFIX[hour + 1] ?? 0) <= rest) hour++;
  const rate = WEEK_PROFILE[hour] ?? 0;
  const within = rate > 0 ? (rest - (PREFIX[hour] ?? 0)) / rate : 0;
  return weekStartMs(week) + (hour + Math.min(1, Math.max(0, within))) * HOUR_MS;
}

/** A Poisson draw with mean `mean` from one uniform number (inverse of the distribution function). */
function poisson(mean: number, uniform: number): number {
  let k = 0;
  let p = Math.exp(-mean);
  let cumulative = p;
  while (uniform > cumulative && k < 100) {
    k++;
    p *= mean / k;
    cumulative += p;
  }
  return k;
}

const SALT_WASHES = 101;
const SALT_WASH_TIME = 102;

/**
 * The start times of the washes a bay would run in absolute hour `hour` (since the epoch) if it were up:
 * a Poisson number with the hour's mean, each at a seeded moment of the hour, in time order.
 */
export function washStartsInHour(seed: number, bay: number, scale: number, hour: number): number[] {
  const mean = (WEEK_PROFILE[hourOfWeek(hour * HOUR_MS)] ?? 0) * scale;
  const count = poisson(mean, unitHash(seed, bay, hour, SALT_WASHES));
  const starts: number[] = [];
  for (let i = 0; i < count; i++)
    starts.push((hour + unitHash(seed, bay, hour, i, SALT_WASH_TIME)) * HOUR_MS);
  return starts.sort((a, b) => a - b);
}
