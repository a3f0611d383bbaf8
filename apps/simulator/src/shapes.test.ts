import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineLocations, locationName } from './locations';
import { readBay } from './readings';
import { createSimulator, listLocations, type Simulator } from './simulator';
import { levelsOf } from './test-support';

const HOUR = 3_600_000;

describe('facility definitions', () => {
  it('rotates shapes and auth kinds, with distinct Norwegian names', () => {
    const locations = listLocations({ locationCount: 500, baysPerLocation: 20 });
    expect(locations.slice(0, 5).map((f) => [f.id, f.name, f.shape, f.auth.kind])).toEqual([
      ['anlegg-001', 'Oslo', 'A', 'none'],
      ['anlegg-002', 'Bergen', 'B', 'apiKey'],
      ['anlegg-003', 'Trondheim', 'C', 'bearer'],
      ['anlegg-004', 'Stavanger', 'A', 'basic'],
      ['anlegg-005', 'Tromsø', 'B', 'oauth2'],
    ]);
    expect(new Set(locations.map((f) => f.name)).size).toBe(500);
    expect(locations.every((f) => /^[\p{L}\p{N} ]{3,100}$/u.test(f.name))).toBe(true);
    expect(locationName(28)).toBe('Oslo Nord');
    expect(locations[1]?.bays[19]).toEqual({ key: 'B-0002-20', name: 'Vaskehall 20' });
  });

  it('gives the same credentials for the same seed and other ones for another', () => {
    const [, a] = defineLocations({ seed: 7 });
    const [, b] = defineLocations({ seed: 7 });
    const [, c] = defineLocations({ seed: 8 });
    expect(a?.auth.apiKey).toBe(b?.auth.apiKey);
    expect(a?.auth.apiKey).not.toBe(c?.auth.apiKey);
  });

  it('takes given facility ids and refuses duplicates', () => {
    expect(listLocations({ locationIds: ['x', 'y'] }).map((f) => f.endpointPath)).toEqual([
      '/a/x/status',
      '/b/y/devices',
    ]);
    expect(() => defineLocations({ locationIds: ['x', 'x'] })).toThrow();
  });
});

describe('readings', () => {
  const context = { seed: 1, drift: true };

  it('stays steady without drift', () => {
    const steady = { seed: 1, drift: false };
    expect(readBay(steady, 3, 2, 0)).toEqual(readBay(steady, 3, 2, 500 * HOUR));
    expect(readBay(steady, 3, 2, 0).condition).toBe('running');
  });

  it('is a deterministic function of facility, bay and time', () => {
    expect(readBay(context, 1, 2, 1234 * HOUR)).toEqual(readBay(context, 1, 2, 1234 * HOUR));
    expect(readBay(context, 1, 2, 1234 * HOUR)).not.toEqual(readBay(context, 1, 3, 1234 * HOUR));
  });

  it('drifts slowly within realistic ranges and now and then faults with a pressure drop', () => {
    const conditions = new Map<string, number>();
    const range = (values: number[]) => [Math.min(...values), Math.max(...values)];
    const soap: number[] = [];
    const temperature: number[] = [];
    const faultPressure: number[] = [];
    const normalPressure: number[] = [];
    let largestStep = 0;
    let previous = readBay(context, 0, 0, 0);
    for (let minute = 1; minute < 1000 * 60; minute++) {
      const reading = readBay(context, 0, 0, minute * 60_000);
      conditions.set(reading.condition, (conditions.get(reading.condition) ?? 0) + 1);
      soap.push(reading.soap);
      temperature.push(reading.temperature);
      (reading.condition === 'fault' ? faultPressure : normalPressure).push(reading.pressure);
      if (reading.condition === previous.condition) {
        largestStep = Math.max(largestStep, Math.abs(reading.temperature - previous.temperature));
      }
      previous = reading;
    }
    expect(range(soap)[0]).toBeGreaterThanOrEqual(12);
    expect(range(soap)[1]).toBeLessThanOrEqual(100);
    expect(range(temperature)[0]).toBeGreaterThan(20);
    expect(range(temperature)[1]).toBeLessThan(45);
    expect(range(faultPressure)[1]).toBeLessThan(2);
    expect(range(normalPressure)[0]).toBeGreaterThan(5);
    expect(largestStep).toBeLessThan(1);
    // 1000 hours at 3 % per hour, a few minutes each: some faults, mostly running or idle.
    expect(conditions.get('fault')).toBeGreaterThan(30);
    expect(conditions.get('fault')).toBeLessThan(1000 * 60 * 0.01);
    expect(conditions.get('running')).toBeGreaterThan(conditions.get('idle') ?? 0);
  });
});

describe('shapes served over HTTP', () => {
  let simulator: Simulator;

  beforeAll(async () => {
    simulator = await createSimulator({
      locationIds: ['oslo', 'bergen', 'trondheim'],
      baysPerLocation: 3,
      drift: false,
    });
  });
  afterAll(() => simulator.close());

  async function get(index: number) {
    const location = simulator.locations[index];
    if (!location) throw new Error('no facility');
    // The first three facilities use no auth, an API key and a bearer token.
    const headers: Record<string, string> = {};
    if (location.auth.kind === 'apiKey') headers['x-api-key'] = location.auth.apiKey ?? '';
    if (location.auth.kind === 'bearer') headers.authorization = `Bearer ${location.auth.token}`;
    const response = await fetch(`${simulator.url}${location.endpointPath}`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    return { location, body: (await response.json()) as unknown };
  }

  it('A: an object with the bays in its first array property, keyed by bayId', async () => {
    const { location, body } = await get(0);
    expect(body).toMatchObject({ site: 'Oslo', updatedAt: expect.any(String) });
    expect((body as { bays: unknown[] }).bays[0]).toEqual({
      bayId: 'hall-1',
      state: 'RUNNING',
      temperature: expect.any(Number),
      waterPressure: expect.any(Number),
      chemicals: { soap: expect.any(Number), wax: expect.any(Number), rinse: expect.any(Number) },
      errorCode: null,
      doorOpen: false,
    });
    const levels = levelsOf(location, body);
    expect(Object.keys(levels)).toEqual(['hall-1', 'hall-2', 'hall-3']);
    expect(new Set(Object.values(levels).flatMap(Object.values))).toEqual(new Set(['active']));
  });

  it('B: a top-level array keyed by device.id, numbers as strings with a decimal comma', async () => {
    const { location, body } = await get(1);
    const [first] = body as { device: { id: string }; values: Record<string, unknown> }[];
    expect(first?.device).toEqual({ id: 'B-0002-01', type: 'washbay' });
    expect(first?.values).toMatchObject({
      status: 'ok',
      online: 'true',
      temp_c: expect.stringMatching(/^\d+,\d$/),
    });
    const levels = levelsOf(location, body);
    expect(new Set(Object.values(levels).flatMap(Object.values))).toEqual(new Set(['active']));
  });

  it('C: units under data.units keyed by a number, values in a sensor list', async () => {
    const { location, body } = await get(2);
    expect(location.recordsPath).toBe('data.units');
    const units = (body as { data: { units: Record<string, unknown>[] } }).data.units;
    expect(units[2]).toMatchObject({
      unit: 3,
      name: 'Vaskehall 3',
      alarm: { active: false, code: 0 },
      running: true,
    });
    expect(units[0]?.sensors).toEqual([
      { k: 'temp', v: expect.any(Number) },
      { k: 'pressure', v: expect.any(Number) },
      { k: 'soap', v: expect.any(Number) },
    ]);
    const levels = levelsOf(location, body);
    expect(Object.keys(levels)).toEqual(['1', '2', '3']);
    expect(new Set(Object.values(levels).flatMap(Object.values))).toEqual(new Set(['active']));
  });

  it('turns an override past a threshold into the matching level in every shape', async () => {
    simulator.control.setValues('oslo', 'hall-2', { temperature: 95, chemicals: { wax: 10 } });
    simulator.control.setValues('bergen', 'B-0002-01', {
      'values.status': 'fault',
      'values.online': 'false',
    });
    simulator.control.setValues('trondheim', '3', { 'sensors[1].v': 1.2, alarm: { active: true, code: 42 } });
    const oslo = await get(0);
    expect(levelsOf(oslo.location, oslo.body)['hall-2']).toMatchObject({
      Temperatur: 'critical',
      Voksnivå: 'warning',
    });
    const bergen = await get(1);
    expect(levelsOf(bergen.location, bergen.body)['B-0002-01']).toMatchObject({
      Status: 'critical',
      Tilkoblet: 'inactive',
    });
    const trondheim = await get(2);
    expect(levelsOf(trondheim.location, trondheim.body)['3']).toEqual({
      Temperatur: 'active',
      Vanntrykk: 'critical',
      Såpenivå: 'active',
      Alarm: 'critical',
      Feilkode: 'critical',
    });
    simulator.control.reset();
  });
});

describe('drift over HTTP', () => {
  it('gives only active, warning or critical levels, never nodata', async () => {
    let clock = 0;
    const simulator = await createSimulator({ locationCount: 3, baysPerLocation: 10, now: () => clock });
    try {
      const seen = new Set<string>();
      const location = simulator.locations[0];
      if (!location) throw new Error('no facility');
      for (let hour = 0; hour < 200; hour++) {
        clock = hour * HOUR + 17 * 60_000;
        const body = await (await fetch(`${simulator.url}${location.endpointPath}`)).json();
        for (const byName of Object.values(levelsOf(location, body)))
          for (const level of Object.values(byName)) seen.add(level);
      }
      expect(seen.has('active')).toBe(true);
      expect(seen.has('critical')).toBe(true);
      expect([...seen].every((level) => ['active', 'warning', 'critical'].includes(level))).toBe(true);
    } finally {
      await simulator.close();
    }
  });
});
