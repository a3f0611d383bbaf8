import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../simulator';
import { BayScenario } from './index';

/** Monday 2026-01-05 00:00 UTC. */
const START = Date.UTC(2026, 0, 5);
const HOUR = 3_600_000;

describe('the HTTP simulator playing the scenario (--scenario)', () => {
  let clock = START + 5 * 24 * HOUR + 12 * HOUR; // a Saturday noon
  let sim: Simulator;
  beforeAll(async () => {
    sim = await createSimulator({
      locationCount: 1,
      baysPerLocation: 3,
      seed: 4,
      scenario: true,
      now: () => clock,
    });
  });
  afterAll(() => sim.close());

  async function bays(): Promise<Record<string, unknown>[]> {
    const location = sim.locations[0];
    if (!location) throw new Error('no facility');
    const response = await fetch(`${sim.url}${location.endpointPath}`);
    return ((await response.json()) as { bays: Record<string, unknown>[] }).bays;
  }

  it("answers the scenario's values and a wash counter that counts its washes", async () => {
    const scenario = new BayScenario(4, 1); // facility 0, bay index 1
    const before = await bays();
    expect(before[1]).toMatchObject({
      temperature: scenario.sample(clock).temperature,
      waterPressure: scenario.sample(clock).pressure,
      chemicals: { soap: scenario.sample(clock).soap, wax: scenario.sample(clock).wax },
      washCount: scenario.counterAt(clock),
    });
    const from = clock;
    clock += 3 * HOUR;
    const after = await bays();
    const reset = scenario.lastReset(clock);
    const grown = Number(after[1]?.washCount) - Number(before[1]?.washCount);
    if (reset !== null && reset > from)
      expect(after[1]?.washCount).toBe(scenario.washes(reset, clock).washed);
    else expect(grown).toBe(scenario.washes(from, clock).washed);
    expect(after[1]?.washCount).toBe(scenario.counterAt(clock));
    expect(grown).toBeGreaterThan(0);
  });
});
