import { unitHash } from '../readings';
import { demandAt, HOUR_MS, timeOfDemand, WEEK_MS, WEEK_TOTAL, weekStartMs } from './rhythm';

/*
 * What happens to a bay, with its truth: faults with a known onset, failure and repair, maintenance, noisy
 * sensors, injected anomalies and counter resets. Everything is drawn per (seed, bay, week) — or per tank
 * cycle for the chemicals — so any moment can be answered from its own week and the one before.
 */

export const NUMERIC_ATTRIBUTES = ['pressure', 'temperature', 'soap', 'wax'] as const;
export type NumericAttribute = (typeof NUMERIC_ATTRIBUTES)[number];

/** The thresholds the simulator's suggested attributes use (apps/simulator/src/shapes.ts). */
export const SCENARIO_THRESHOLDS: Record<
  NumericAttribute,
  { op: 'lt' | 'lte' | 'gt'; warning: number; critical: number }
> = {
  pressure: { op: 'lt', warning: 4, critical: 2 },
  temperature: { op: 'gt', warning: 70, critical: 90 },
  soap: { op: 'lte', warning: 15, critical: 5 },
  wax: { op: 'lte', warning: 15, critical: 5 },
};

type FaultCause = 'pressureSag' | 'heaterFailing' | 'soapRunningOut' | 'waxRunningOut' | 'sudden';

export interface Fault {
  cause: FaultCause;
  /** The attribute that drifts to critical; null for a sudden failure (nothing announces it). */
  attribute: NumericAttribute | null;
  /** The drift starts (for a sudden failure: = failureMs). */
  onsetMs: number;
  /** The attribute reaches its critical threshold and the bay stops. */
  failureMs: number;
  /** Repaired: the bay runs again. */
  repairMs: number;
  /** The drift's curve: progress^shape (1 straight, 2 accelerating wear). */
  shape: number;
}

export interface Period {
  startMs: number;
  endMs: number;
}

export interface NoisyPeriod extends Period {
  attribute: 'pressure' | 'temperature';
}

/** A value far from the bay's normal for that hour, yet inside its thresholds. */
export interface Anomaly extends Period {
  attribute: 'pressure' | 'temperature';
  /** Added to the normal value while it lasts. */
  shift: number;
}

export interface WeekIncidents {
  faults: Fault[];
  maintenance: Period[];
  noisy: NoisyPeriod[];
  anomalies: Anomaly[];
  /** The wash counter goes back to 0 at these times. */
  counterResets: number[];
}

/** The constants of one bay: how busy it is, its steady values and its tanks. */
export interface BayProfile {
  seed: number;
  bay: number;
  /** Washes relative to an average bay (0.6–1.4). */
  scale: number;
  temperature: number;
  pressure: number;
  tanks: Record<'soap' | 'wax', Tank>;
}

interface Tank {
  /** Demand (washes of an average bay) that drains a full tank to its refill level. */
  cycle: number;
  /** The level (%) at which it is normally refilled to 100. */
  refillAt: number;
  /** Where in its cycle the tank is at demand 0. */
  offset: number;
}

/** Chance per bay and week, and what the durations are drawn from (log-uniform between the bounds). */
const PER_WEEK = {
  pressureSag: 0.06,
  heaterFailing: 0.04,
  sudden: 0.05,
  noisy: 0.05,
  maintenance: 0.25,
  reset: 0.1,
};
/** Chance that a tank cycle ends without a refill, so the tank runs dry. */
const MISSED_REFILL = 0.04;
const ANOMALIES_PER_DAY = 0.3;
const MINUTE_MS = 60_000;

const SALT = {
  scale: 201,
  temperature: 202,
  pressure: 203,
  tankCycle: 204,
  tankRefill: 205,
  tankOffset: 206,
  fault: 210,
  noisy: 220,
  maintenance: 230,
  anomaly: 240,
  reset: 250,
  tank: 260,
} as const;

const CAUSE_SALT: Record<FaultCause, number> = {
  pressureSag: 1,
  heaterFailing: 2,
  sudden: 3,
  soapRunningOut: 4,
  waxRunningOut: 5,
};

function logUniform(low: number, high: number, uniform: number): number {
  return low * (high / low) ** uniform;
}

export function bayProfile(seed: number, bay: number): BayProfile {
  const u = (...parts: number[]) => unitHash(seed, bay, ...parts);
  const scale = 0.6 + 0.8 * u(SALT.scale);
  const tank = (salt: number): Tank => {
    const days = 2 + 2 * u(salt, SALT.tankCycle);
    const cycle = (scale * WEEK_TOTAL * days) / 7;
    return { cycle, refillAt: 25 + 10 * u(salt, SALT.tankRefill), offset: cycle * u(salt, SALT.tankOffset) };
  };
  return {
    seed,
    bay,
    scale,
    temperature: 36 + 4 * u(SALT.temperature),
    pressure: 5.8 + 0.6 * u(SALT.pressure),
    tanks: { soap: tank(1), wax: tank(2) },
  };
}

/** The bay's demand (its own expected washes since week 0) plus the tank's offset. */
export function tankDemand(profile: BayProfile, tank: 'soap' | 'wax', atMs: number): number {
  return demandAt(atMs) * profile.scale + profile.tanks[tank].offset;
}

/** The level (%) a tank would reach at a demand within cycle `cycle`, if it kept draining. */
export function drainedLevel(
  profile: BayProfile,
  tank: 'soap' | 'wax',
  demand: number,
  cycle: number,
): number {
  const { cycle: size, refillAt } = profile.tanks[tank];
  return 100 - ((100 - refillAt) * (demand - cycle * size)) / size;
}

function missedRefill(profile: BayProfile, tank: 'soap' | 'wax', cycle: number): boolean {
  return unitHash(profile.seed, profile.bay, SALT.tank, tank === 'soap' ? 1 : 2, cycle) < MISSED_REFILL;
}

/**
 * The fault of tank cycle `cycle` if its refill is missed: from the end of the cycle (onset) the tank keeps
 * draining at the pace of the washes until it reaches 5 % (failure); refilled after a repair time. A cycle
 * right after one that ran dry is never missed.
 */
export function tankFault(profile: BayProfile, tank: 'soap' | 'wax', cycle: number): Fault | null {
  if (!missedRefill(profile, tank, cycle) || missedRefill(profile, tank, cycle - 1)) return null;
  const { cycle: size, refillAt, offset } = profile.tanks[tank];
  const onsetMs = timeOfDemand(((cycle + 1) * size - offset) / profile.scale);
  const critical = SCENARIO_THRESHOLDS[tank].critical;
  const drained = cycle * size + ((100 - critical) / (100 - refillAt)) * size;
  const failureMs = timeOfDemand((drained - offset) / profile.scale);
  const repair = logUniform(
    1,
    6,
    unitHash(profile.seed, profile.bay, SALT.tank, tank === 'soap' ? 3 : 4, cycle),
  );
  return {
    cause: tank === 'soap' ? 'soapRunningOut' : 'waxRunningOut',
    attribute: tank,
    onsetMs,
    failureMs,
    repairMs: failureMs + repair * HOUR_MS,
    shape: 1,
  };
}

/** The tank cycle (0, 1, …) a tank is in at a time, counting from the bay's demand 0. */
export function tankCycle(profile: BayProfile, tank: 'soap' | 'wax', atMs: number): number {
  return Math.floor(tankDemand(profile, tank, atMs) / profile.tanks[tank].cycle);
}

function weekFault(
  profile: BayProfile,
  week: number,
  cause: 'pressureSag' | 'heaterFailing' | 'sudden',
): Fault | null {
  const u = (i: number) => unitHash(profile.seed, profile.bay, SALT.fault, CAUSE_SALT[cause], week, i);
  if (u(0) >= PER_WEEK[cause]) return null;
  const start = weekStartMs(week) + Math.floor((u(1) * WEEK_MS) / MINUTE_MS) * MINUTE_MS;
  const repairMs = (failureMs: number) => failureMs + Math.round(logUniform(0.5, 6, u(3)) * HOUR_MS);
  if (cause === 'sudden') {
    return { cause, attribute: null, onsetMs: start, failureMs: start, repairMs: repairMs(start), shape: 1 };
  }
  const hours = cause === 'pressureSag' ? logUniform(0.75, 8, u(2)) : logUniform(0.5, 6, u(2));
  const failureMs = start + Math.round(hours * HOUR_MS);
  return {
    cause,
    attribute: cause === 'pressureSag' ? 'pressure' : 'temperature',
    onsetMs: start,
    failureMs,
    repairMs: repairMs(failureMs),
    shape: 1 + u(4),
  };
}

function weekFaults(profile: BayProfile, week: number): Fault[] {
  const faults: Fault[] = [];
  for (const cause of ['pressureSag', 'heaterFailing', 'sudden'] as const) {
    const fault = weekFault(profile, week, cause);
    if (fault) faults.push(fault);
  }
  return faults;
}

/** Everything that starts in week `week` (faults, maintenance, noisy sensors, anomalies, resets). */
export function weekIncidents(profile: BayProfile, week: number): WeekIncidents {
  const { seed, bay } = profile;
  const u = (...parts: number[]) => unitHash(seed, bay, week, ...parts);
  const start = weekStartMs(week);
  const faults = weekFaults(profile, week);
  const maintenance: Period[] = [];
  if (u(SALT.maintenance) < PER_WEEK.maintenance) {
    const day = Math.floor(5 * u(SALT.maintenance, 1));
    const at = start + (day * 24 + 7 + Math.floor(8 * u(SALT.maintenance, 2))) * HOUR_MS;
    maintenance.push({
      startMs: at,
      endMs: at + Math.round((1 + 3 * u(SALT.maintenance, 3)) * 4) * 15 * MINUTE_MS,
    });
  }
  const noisy: NoisyPeriod[] = [];
  if (u(SALT.noisy) < PER_WEEK.noisy) {
    const at = start + Math.floor(u(SALT.noisy, 1) * 7 * 24) * HOUR_MS;
    noisy.push({
      attribute: u(SALT.noisy, 2) < 0.5 ? 'pressure' : 'temperature',
      startMs: at,
      endMs: at + Math.round(logUniform(6, 48, u(SALT.noisy, 3))) * HOUR_MS,
    });
  }
  const counterResets =
    u(SALT.reset) < PER_WEEK.reset ? [start + Math.floor(u(SALT.reset, 1) * WEEK_MS)] : [];
  /* Anomalies only where the truth is clear: the bay up, the attribute neither drifting nor noisy. */
  const nearby = [...faults, ...weekFaults(profile, week - 1)];
  const anomalies: Anomaly[] = [];
  for (let day = 0; day < 7; day++) {
    if (u(SALT.anomaly, day) >= ANOMALIES_PER_DAY) continue;
    const at = start + (day * 24 * 60 + Math.floor(u(SALT.anomaly, day, 1) * 24 * 60)) * MINUTE_MS;
    const attribute = u(SALT.anomaly, day, 2) < 0.5 ? 'pressure' : 'temperature';
    const endMs = at + Math.round(10 + 30 * u(SALT.anomaly, day, 3)) * MINUTE_MS;
    const clash = (p: Period) => p.startMs < endMs && at < p.endMs;
    if (nearby.some((f) => clash({ startMs: f.onsetMs, endMs: f.repairMs }))) continue;
    if (maintenance.some(clash) || noisy.some(clash)) continue;
    const size = u(SALT.anomaly, day, 4);
    const shift =
      attribute === 'pressure'
        ? -(0.8 + 0.6 * size)
        : (7 + 5 * size) * (u(SALT.anomaly, day, 5) < 0.5 ? -1 : 1);
    anomalies.push({ attribute, startMs: at, endMs, shift });
  }
  return { faults, maintenance, noisy, anomalies, counterResets };
}
