import { unitHash } from '../readings';
import {
  type Anomaly,
  type BayProfile,
  bayProfile,
  drainedLevel,
  type Fault,
  type NoisyPeriod,
  NUMERIC_ATTRIBUTES,
  type NumericAttribute,
  type Period,
  SCENARIO_THRESHOLDS,
  tankCycle,
  tankDemand,
  tankFault,
  type WeekIncidents,
  weekIncidents,
} from './incidents';
import { busyness, HOUR_MS, washStartsInHour, weekOf, weekStartMs } from './rhythm';

/*
 * One bay's scenario with its truth: the readings a controller would give at any moment (a pure function of
 * seed, bay and time: no clock, no state that changes an answer), the wash counter, and what the bench
 * scores against — each fault's onset, failure and repair, the maintenance, the anomalies and the washes the
 * bay would have run had it been up. A small cache of drawn weeks makes a replay fast; it changes no answer.
 */

interface BaySample {
  pressure: number;
  temperature: number;
  soap: number;
  wax: number;
  doorOpen: boolean;
  /** The bay cannot wash: a fault between failure and repair, or maintenance. */
  down: boolean;
}

interface WashTally {
  /** Washes the bay ran. */
  washed: number;
  /** Washes it would have run had it been up: during a fault, during maintenance. */
  lostToFaults: number;
  lostToMaintenance: number;
}

interface Truth {
  faults: Fault[];
  maintenance: Period[];
  noisy: NoisyPeriod[];
  anomalies: Anomaly[];
  counterResets: number[];
}

const MINUTE_MS = 60_000;
const NOISE = { pressure: 0.04, temperature: 0.4 };
const NOISY_FACTOR = 8;
/** How far back the counter looks for its last reset; beyond it counts from there. */
const COUNTER_WEEKS = 26;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const within = (atMs: number, period: Period) => atMs >= period.startMs && atMs < period.endMs;

function noiseScale(incidents: WeekIncidents[], attribute: 'pressure' | 'temperature', atMs: number): number {
  for (const week of incidents) {
    for (const period of week.noisy)
      if (period.attribute === attribute && within(atMs, period)) return NOISE[attribute] * NOISY_FACTOR;
  }
  return NOISE[attribute];
}

function anomalyShift(
  incidents: WeekIncidents[],
  attribute: 'pressure' | 'temperature',
  atMs: number,
): number {
  let total = 0;
  for (const week of incidents) {
    for (const anomaly of week.anomalies)
      if (anomaly.attribute === attribute && within(atMs, anomaly)) total += anomaly.shift;
  }
  return total;
}

export class BayScenario {
  readonly profile: BayProfile;
  readonly #weeks = new Map<number, WeekIncidents>();

  constructor(seed: number, bay: number) {
    this.profile = bayProfile(seed, bay);
  }

  #week(week: number): WeekIncidents {
    let incidents = this.#weeks.get(week);
    if (!incidents) {
      if (this.#weeks.size > 8) this.#weeks.clear();
      incidents = weekIncidents(this.profile, week);
      this.#weeks.set(week, incidents);
    }
    return incidents;
  }

  /** The weeks whose incidents can reach `atMs` (none lasts a week). */
  #around(atMs: number): WeekIncidents[] {
    const week = weekOf(atMs);
    return [this.#week(week), this.#week(week - 1)];
  }

  /** Faults in progress (onset ≤ t < repair), tank faults included. */
  faultsAt(atMs: number): Fault[] {
    const faults: Fault[] = [];
    for (const incidents of this.#around(atMs)) {
      for (const fault of incidents.faults)
        if (atMs >= fault.onsetMs && atMs < fault.repairMs) faults.push(fault);
    }
    for (const tank of ['soap', 'wax'] as const) {
      const fault = tankFault(this.profile, tank, tankCycle(this.profile, tank, atMs) - 1);
      if (fault && atMs >= fault.onsetMs && atMs < fault.repairMs) faults.push(fault);
    }
    return faults;
  }

  #maintenanceAt(atMs: number): boolean {
    return this.#around(atMs).some((incidents) =>
      incidents.maintenance.some((period) => within(atMs, period)),
    );
  }

  /** Why the bay cannot wash at a moment, or null when it can. */
  downCause(atMs: number): 'fault' | 'maintenance' | null {
    if (this.faultsAt(atMs).some((fault) => atMs >= fault.failureMs)) return 'fault';
    return this.#maintenanceAt(atMs) ? 'maintenance' : null;
  }

  /** A normally distributed number (mean 0, sd 1) fixed by the minute and the attribute. */
  #noise(atMs: number, salt: number): number {
    const { seed, bay } = this.profile;
    const minute = Math.floor(atMs / MINUTE_MS);
    let sum = 0;
    for (let i = 0; i < 4; i++) sum += unitHash(seed, bay, minute, salt, i);
    return (sum - 2) * Math.sqrt(3);
  }

  /** The controller's readings at a moment. */
  sample(atMs: number): BaySample {
    const faults = this.faultsAt(atMs);
    const maintenance = this.#maintenanceAt(atMs);
    const failed = faults.find((fault) => atMs >= fault.failureMs);
    const down = failed !== undefined || maintenance;
    const busy = down ? 0 : busyness(atMs);
    const incidents = this.#around(atMs);
    const values: Record<NumericAttribute, number> = {
      pressure: this.profile.pressure - 0.25 * busy + (down ? 0 : anomalyShift(incidents, 'pressure', atMs)),
      temperature:
        this.profile.temperature - 9 * (1 - busy) + (down ? 0 : anomalyShift(incidents, 'temperature', atMs)),
      soap: this.#tank('soap', atMs, faults),
      wax: this.#tank('wax', atMs, faults),
    };
    const noise = {
      pressure: noiseScale(incidents, 'pressure', atMs) * this.#noise(atMs, 1),
      temperature: noiseScale(incidents, 'temperature', atMs) * this.#noise(atMs, 2),
    };
    for (const attribute of ['pressure', 'temperature'] as const) {
      const drift = faults.find((fault) => fault.attribute === attribute);
      const critical = SCENARIO_THRESHOLDS[attribute].critical;
      if (drift && atMs < drift.failureMs) {
        const progress = (atMs - drift.onsetMs) / (drift.failureMs - drift.onsetMs);
        values[attribute] +=
          (critical - values[attribute]) * progress ** drift.shape + noise[attribute] * (1 - progress);
      } else if (drift) {
        values[attribute] =
          attribute === 'pressure' ? critical - 1 + 0.2 * noise.pressure : critical + 3 + noise.temperature;
      } else if (failed?.cause === 'sudden' && attribute === 'pressure') {
        values.pressure = 1 + 0.2 * noise.pressure;
      } else {
        values[attribute] += noise[attribute];
      }
    }
    return {
      pressure: round(values.pressure, 2),
      temperature: round(values.temperature, 1),
      soap: round(values.soap, 1),
      wax: round(values.wax, 1),
      doorOpen: maintenance,
      down,
    };
  }

  /** A tank's level: the sawtooth of use and refills, or a missed refill draining on towards empty. */
  #tank(tank: 'soap' | 'wax', atMs: number, faults: Fault[]): number {
    const demand = tankDemand(this.profile, tank, atMs);
    const cycle = Math.floor(demand / this.profile.tanks[tank].cycle);
    const dry = faults.some((fault) => fault.attribute === tank);
    return Math.max(0, drainedLevel(this.profile, tank, demand, dry ? cycle - 1 : cycle));
  }

  /** Washes in (fromMs, toMs]: those run, and those lost to faults and maintenance. */
  washes(fromMs: number, toMs: number): WashTally {
    const tally: WashTally = { washed: 0, lostToFaults: 0, lostToMaintenance: 0 };
    const { seed, bay, scale } = this.profile;
    for (let hour = Math.floor(fromMs / HOUR_MS); hour * HOUR_MS < toMs; hour++) {
      for (const start of washStartsInHour(seed, bay, scale, hour)) {
        if (start <= fromMs || start > toMs) continue;
        const cause = this.downCause(start);
        if (cause === 'fault') tally.lostToFaults++;
        else if (cause === 'maintenance') tally.lostToMaintenance++;
        else tally.washed++;
      }
    }
    return tally;
  }

  /** The last counter reset at or before a time, if one within `COUNTER_WEEKS` weeks. */
  lastReset(atMs: number): number | null {
    const week = weekOf(atMs);
    for (let w = week; w > week - COUNTER_WEEKS; w--) {
      const resets = this.#week(w).counterResets.filter((reset) => reset <= atMs);
      if (resets.length > 0) return Math.max(...resets);
    }
    return null;
  }

  /** The wash counter the controller shows: washes run since its last reset (it only grows, and resets to 0). */
  counterAt(atMs: number): number {
    const from = this.lastReset(atMs) ?? weekStartMs(weekOf(atMs) - COUNTER_WEEKS + 1);
    return this.washes(from, atMs).washed;
  }

  /** The truth between two times: incidents that touch the range, anomalies only where they were shown. */
  truth(fromMs: number, toMs: number): Truth {
    const truth: Truth = { faults: [], maintenance: [], noisy: [], anomalies: [], counterResets: [] };
    for (let week = weekOf(fromMs) - 1; week <= weekOf(toMs); week++) {
      const incidents = this.#week(week);
      const touches = (start: number, end: number) => start < toMs && end > fromMs;
      truth.faults.push(...incidents.faults.filter((f) => touches(f.onsetMs, f.repairMs)));
      truth.maintenance.push(...incidents.maintenance.filter((p) => touches(p.startMs, p.endMs)));
      truth.noisy.push(...incidents.noisy.filter((p) => touches(p.startMs, p.endMs)));
      truth.anomalies.push(
        ...incidents.anomalies.filter(
          (a) => touches(a.startMs, a.endMs) && this.downCause(a.startMs) === null,
        ),
      );
      truth.counterResets.push(...incidents.counterResets.filter((r) => r > fromMs && r <= toMs));
    }
    for (const tank of ['soap', 'wax'] as const) {
      for (
        let cycle = tankCycle(this.profile, tank, fromMs) - 1;
        cycle <= tankCycle(this.profile, tank, toMs);
        cycle++
      ) {
        const fault = tankFault(this.profile, tank, cycle);
        if (fault && fault.onsetMs < toMs && fault.repairMs > fromMs) truth.faults.push(fault);
      }
    }
    const overlaps = (a: Period, b: Period) => a.startMs < b.endMs && b.startMs < a.endMs;
    truth.anomalies = truth.anomalies.filter(
      (a) => !truth.noisy.some((p) => p.attribute === a.attribute && overlaps(a, p)),
    );
    truth.faults.sort((a, b) => a.onsetMs - b.onsetMs);
    return truth;
  }
}

export type { Anomaly, Fault, NumericAttribute };
export { NUMERIC_ATTRIBUTES, SCENARIO_THRESHOLDS };
