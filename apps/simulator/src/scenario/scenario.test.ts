import { describe, expect, it } from 'vitest';
import { BayScenario, type Fault, HOUR_MS, hourOfWeek, SCENARIO_THRESHOLDS, WEEK_MS } from './index';

/** Monday 2026-01-05 00:00 UTC. */
const START = Date.UTC(2026, 0, 5);
const MINUTE = 60_000;

function firstFault(cause: Fault['cause'], weeks = 13): { scenario: BayScenario; fault: Fault } {
  for (let bay = 0; bay < 200; bay++) {
    const scenario = new BayScenario(1, bay);
    const fault = scenario.truth(START, START + weeks * WEEK_MS).faults.find((f) => f.cause === cause);
    if (fault && fault.onsetMs > START) return { scenario, fault };
  }
  throw new Error(`no ${cause} in 200 bays`);
}

describe('the scenario with a truth', () => {
  it('is a pure function of seed, bay and time', () => {
    const times = [0, 17, 333, 4_000, 60_000].map((minutes) => START + minutes * MINUTE + 12_345);
    const a = new BayScenario(7, 3);
    const forwards = times.map((t) => a.sample(t));
    const b = new BayScenario(7, 3);
    const backwards = [...times].reverse().map((t) => b.sample(t));
    expect(backwards.reverse()).toEqual(forwards);
    expect(times.map((t) => new BayScenario(8, 3).sample(t))).not.toEqual(forwards);
    expect(a.counterAt(times[4] ?? 0)).toBe(b.counterAt(times[4] ?? 0));
  });

  it('has the week rhythm: Saturday middays busy, nights quiet, water cooler when idle', () => {
    let saturday = 0;
    let night = 0;
    const temperatures = { saturday: [] as number[], night: [] as number[] };
    for (let bay = 0; bay < 10; bay++) {
      const scenario = new BayScenario(1, bay);
      for (let hour = 0; hour < 4 * 168; hour++) {
        const at = START + hour * HOUR_MS;
        const how = hourOfWeek(at);
        const isSaturdayMidday = how >= 5 * 24 + 11 && how < 5 * 24 + 15;
        const isNight = how % 24 >= 1 && how % 24 < 5;
        if (!isSaturdayMidday && !isNight) continue;
        const washes = scenario.washes(at, at + HOUR_MS);
        const all = washes.washed + washes.lostToFaults + washes.lostToMaintenance;
        const temperature = scenario.sample(at + 30 * MINUTE).temperature;
        if (isSaturdayMidday) {
          saturday += all;
          temperatures.saturday.push(temperature);
        } else {
          night += all;
          temperatures.night.push(temperature);
        }
      }
    }
    /* 4 hours on 4 Saturdays vs 4 hours on 28 nights, 10 bays: about 6.5 vs 0.06 washes an hour. */
    expect(saturday / (10 * 4 * 4)).toBeGreaterThan(4);
    expect(night / (10 * 28 * 4)).toBeLessThan(0.3);
    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
    expect(mean(temperatures.saturday) - mean(temperatures.night)).toBeGreaterThan(6);
  });

  it.each(['pressureSag', 'heaterFailing', 'soapRunningOut'] as const)(
    'a %s drift crosses critical at its stated failure time, not before',
    (cause) => {
      const { scenario, fault } = firstFault(cause);
      const attribute = fault.attribute;
      if (attribute === null) throw new Error('a drift has an attribute');
      const { op, critical, warning } = SCENARIO_THRESHOLDS[attribute];
      const isCritical = (value: number) =>
        op === 'lt' ? value < critical : op === 'lte' ? value <= critical : value > critical;
      const isWarning = (value: number) =>
        op === 'lt' ? value < warning : op === 'lte' ? value <= warning : value > warning;
      const at = (t: number) => scenario.sample(t)[attribute];
      expect(isWarning(at(fault.onsetMs - MINUTE))).toBe(false);
      for (let t = fault.onsetMs; t < fault.failureMs - MINUTE; t += 5 * MINUTE) {
        expect(isCritical(at(t))).toBe(false);
      }
      expect(isCritical(at(fault.failureMs + MINUTE))).toBe(true);
      expect(scenario.sample(fault.failureMs + MINUTE).down).toBe(true);
      expect(scenario.sample(fault.repairMs + MINUTE).down).toBe(false);
    },
  );

  it('a sudden failure gives no warning before it', () => {
    const { scenario, fault } = firstFault('sudden');
    expect(scenario.sample(fault.failureMs - MINUTE).pressure).toBeGreaterThan(4);
    expect(scenario.sample(fault.failureMs).pressure).toBeLessThan(2);
  });

  it('counts washes with a counter that only grows, resets to 0, and loses washes while down', () => {
    const end = START + 3 * WEEK_MS;
    const bays = Array.from({ length: 50 }, (_, bay) => new BayScenario(1, bay));
    const scenario = bays.find((bay) => {
      const truth = bay.truth(START, end);
      return truth.counterResets.length > 0 && truth.faults.length + truth.maintenance.length > 0;
    });
    if (!scenario) throw new Error('no bay with a reset and a down time in 50');
    const truth = scenario.truth(START, end);
    let previous = scenario.counterAt(START);
    let lost = 0;
    for (let t = START + HOUR_MS; t <= end; t += HOUR_MS) {
      const counter = scenario.counterAt(t);
      const tally = scenario.washes(t - HOUR_MS, t);
      lost += tally.lostToFaults + tally.lostToMaintenance;
      const reset = truth.counterResets.find((r) => r > t - HOUR_MS && r <= t);
      if (reset === undefined) expect(counter).toBe(previous + tally.washed);
      else expect(counter).toBe(scenario.washes(reset, t).washed);
      previous = counter;
    }
    expect(lost).toBeGreaterThan(0);
  });

  it('injects anomalies far from the normal for the hour yet inside the thresholds', () => {
    const scenario = new BayScenario(1, 2);
    const { anomalies } = scenario.truth(START, START + 4 * WEEK_MS);
    expect(anomalies.length).toBeGreaterThan(3);
    for (const anomaly of anomalies) {
      const during = scenario.sample(anomaly.startMs + MINUTE)[anomaly.attribute];
      const weekBefore = scenario.sample(anomaly.startMs + MINUTE - WEEK_MS)[anomaly.attribute];
      const { warning } = SCENARIO_THRESHOLDS[anomaly.attribute];
      expect(Math.abs(during - weekBefore)).toBeGreaterThan(anomaly.attribute === 'pressure' ? 0.5 : 5);
      if (anomaly.attribute === 'pressure') expect(during).toBeGreaterThan(warning);
      else expect(during).toBeLessThan(warning);
    }
  });
});
