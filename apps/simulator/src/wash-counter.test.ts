import { describe, expect, it } from 'vitest';
import { faultInHour } from './readings';
import { createSimulator, type Simulator } from './simulator';
import { washCountAt, washesBetween } from './wash-counter';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Saturday 7 March 2026, 00:00 UTC: the busiest day of the week. */
const SATURDAY = Date.parse('2026-03-07T00:00:00Z');

type Json = Record<string, unknown>;

/** The first bay's record of facility `index` (0, 1, 2: shapes A, B and C). */
async function firstRecord(simulator: Simulator, index: number): Promise<Json> {
  const location = simulator.locations[index];
  const body: unknown = await (await fetch(`${simulator.url}${location?.endpointPath}`)).json();
  const records =
    index === 0
      ? (body as { bays: Json[] }).bays
      : index === 1
        ? (body as Json[])
        : (body as { data: { units: Json[] } }).data.units;
  return records[0] as Json;
}

/** The first fault of a bay from `fromMs` on: its start and end in ms. */
function firstFault(seed: number, location: number, bay: number, fromMs: number): [number, number] {
  for (let hour = fromMs / HOUR; ; hour++) {
    const fault = faultInHour(seed, location, bay, hour);
    if (fault) return [fault.start * 1000, fault.end * 1000];
  }
}

describe('the drifting controllers’ wash counter', () => {
  it('only grows through the day, follows the week’s rhythm, and starts over at midnight UTC', () => {
    // Forty bays over the day, their faults (some running into the next hour's) included.
    for (let bay = 0; bay < 40; bay++) {
      let last = -1;
      for (let t = SATURDAY; t < SATURDAY + 24 * HOUR; t += 5 * MINUTE) {
        const count = washCountAt(1, 0, bay, t);
        expect(count).toBeGreaterThanOrEqual(last);
        last = count;
      }
    }
    const before = washCountAt(1, 0, 0, SATURDAY + 24 * HOUR - 1);
    // A Saturday at a pace of 0.6–1.4 average bays: tens of washes, busy afternoons, quiet nights.
    expect(before).toBeGreaterThan(20);
    expect(washesBetween(1, 0, 0, SATURDAY + 14 * HOUR, SATURDAY + 15 * HOUR)).toBeGreaterThan(
      5 * washesBetween(1, 0, 0, SATURDAY + 2 * HOUR, SATURDAY + 3 * HOUR),
    );
    expect(washCountAt(1, 0, 0, SATURDAY + 24 * HOUR)).toBe(0);
    expect(washCountAt(1, 0, 0, SATURDAY + 24 * HOUR + 30 * MINUTE)).toBeLessThan(3);
  });

  it('stands still while the bay is in a fault, and in the stretches it is told it was down', () => {
    const [start, end] = firstFault(1, 0, 1, SATURDAY + 10 * HOUR);
    expect(washesBetween(1, 0, 1, start, end)).toBe(0);
    expect(washCountAt(1, 0, 1, end)).toBe(washCountAt(1, 0, 1, start));
    const down = [[SATURDAY + 12 * HOUR, SATURDAY + 14 * HOUR]] as const;
    expect(washCountAt(1, 0, 1, SATURDAY + 14 * HOUR, down)).toBe(
      washCountAt(1, 0, 1, SATURDAY + 12 * HOUR, down),
    );
    expect(washCountAt(1, 0, 1, SATURDAY + 14 * HOUR)).toBeGreaterThan(
      washCountAt(1, 0, 1, SATURDAY + 12 * HOUR),
    );
  });

  it('is answered by every shape with the option on, and by none without it', async () => {
    const at = SATURDAY + 15 * HOUR;
    const options = { locationCount: 3, baysPerLocation: 1, authKinds: ['none' as const], now: () => at };
    const counting = await createSimulator({ ...options, washCounter: true });
    const plain = await createSimulator(options);
    try {
      const expected = (location: number) => washCountAt(1, location, 0, at);
      expect((await firstRecord(counting, 0)).washCount).toBe(expected(0));
      expect(((await firstRecord(counting, 1)).values as Json).wash_count).toBe(expected(1));
      expect((await firstRecord(counting, 2)).cycles).toBe(expected(2));
      expect(counting.locations.map((f) => f.washCounter.path)).toEqual([
        'washCount',
        'values.wash_count',
        'cycles',
      ]);
      expect(await firstRecord(plain, 0)).not.toHaveProperty('washCount');
      expect((await firstRecord(plain, 1)).values).not.toHaveProperty('wash_count');
      expect(await firstRecord(plain, 2)).not.toHaveProperty('cycles');
    } finally {
      await counting.close();
      await plain.close();
    }
  });
});
