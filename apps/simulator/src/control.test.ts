import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from './simulator';

let simulator: Simulator;

beforeAll(async () => {
  simulator = await createSimulator({ locationCount: 3, baysPerLocation: 2, drift: false });
});
afterAll(() => simulator.close());
beforeEach(() => simulator.control.reset());

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${simulator.url}${path}`, {
    method,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function bay(key: string) {
  const body = (await (await fetch(`${simulator.url}/a/anlegg-001/status`)).json()) as {
    bays: Record<string, unknown>[];
  };
  return body.bays.find((b) => b.bayId === key);
}

describe('GET /control/locations', () => {
  it('lists each facility with its endpoint, credentials, bay keys and suggested attributes', async () => {
    const { status, body } = await call('GET', '/control/locations');
    expect(status).toBe(200);
    const locations = body.locations as Record<string, unknown>[];
    expect(locations).toHaveLength(3);
    expect(locations[1]).toMatchObject({
      id: 'anlegg-002',
      name: 'Bergen',
      shape: 'B',
      endpointPath: '/b/anlegg-002/devices',
      endpointUrl: `${simulator.url}/b/anlegg-002/devices`,
      method: 'GET',
      auth: { kind: 'apiKey', apiKey: expect.stringMatching(/^sim_/), apiKeyHeader: 'x-api-key' },
      keyIdentifier: 'device.id',
      targetKeys: [
        'values.status',
        'values.temp_c',
        'values.pressure_bar',
        'values.detergent_pct',
        'values.online',
      ],
      bays: [
        { key: 'B-0002-01', name: 'Vaskehall 1' },
        { key: 'B-0002-02', name: 'Vaskehall 2' },
      ],
      fault: { mode: 'none' },
      overrides: {},
    });
    expect(locations[2]).toMatchObject({ recordsPath: 'data.units', keyIdentifier: 'unit' });
    expect(locations[0]).not.toHaveProperty('recordsPath');
  });
});

describe('overrides', () => {
  it('sets values by nested objects or dot paths; they stick across requests', async () => {
    const set = await call('POST', '/control/locations/anlegg-001/bays/hall-2', {
      temperature: 95,
      chemicals: { soap: 3 },
      'chemicals.wax': 10,
      errorCode: 'E42',
    });
    expect(set).toEqual({
      status: 200,
      body: { overrides: { temperature: 95, 'chemicals.soap': 3, 'chemicals.wax': 10, errorCode: 'E42' } },
    });
    for (let i = 0; i < 2; i++) {
      expect(await bay('hall-2')).toMatchObject({
        temperature: 95,
        chemicals: { soap: 3, wax: 10, rinse: expect.any(Number) },
        errorCode: 'E42',
      });
    }
    expect((await bay('hall-1'))?.temperature).not.toBe(95);
  });

  it('writes into arrays by index and creates missing objects', async () => {
    await call('POST', '/control/locations/anlegg-003/bays/1', {
      'sensors[0].v': 99,
      'extra.deep.flag': true,
    });
    const response = await fetch(`${simulator.url}/c/anlegg-003/telemetry`, {
      headers: { authorization: `Bearer ${simulator.locations[2]?.auth.token}` },
    });
    const body = (await response.json()) as { data: { units: Record<string, unknown>[] } };
    const unit = body.data.units[0];
    expect(unit?.sensors).toEqual([
      { k: 'temp', v: 99 },
      { k: 'pressure', v: expect.any(Number) },
      { k: 'soap', v: expect.any(Number) },
    ]);
    expect(unit?.extra).toEqual({ deep: { flag: true } });
  });

  it('lets the newest write win over a value set below it', async () => {
    await call('POST', '/control/locations/anlegg-001/bays/hall-1', { 'chemicals.soap': 3 });
    await call('POST', '/control/locations/anlegg-001/bays/hall-1', { chemicals: [] });
    expect((await bay('hall-1'))?.chemicals).toEqual([]);
  });

  it('clears one path (and what is below it) with DELETE, or all of a bay', async () => {
    await call('POST', '/control/locations/anlegg-001/bays/hall-1', {
      temperature: 95,
      chemicals: { soap: 3, wax: 4 },
    });
    expect(await call('DELETE', '/control/locations/anlegg-001/bays/hall-1?path=temperature')).toEqual({
      status: 200,
      body: { overrides: { 'chemicals.soap': 3, 'chemicals.wax': 4 } },
    });
    expect(
      await call('DELETE', '/control/locations/anlegg-001/bays/hall-1', { paths: ['chemicals'] }),
    ).toEqual({
      status: 200,
      body: { overrides: {} },
    });
    await call('POST', '/control/locations/anlegg-001/bays/hall-1', { temperature: 95, doorOpen: true });
    await call('DELETE', '/control/locations/anlegg-001/bays/hall-1');
    expect(await bay('hall-1')).toMatchObject({ doorOpen: false });
  });

  it('clears everything on reset', async () => {
    await call('POST', '/control/locations/anlegg-001/bays/hall-1', { temperature: 95 });
    expect(await call('POST', '/control/reset')).toEqual({ status: 200, body: { ok: true } });
    expect((await bay('hall-1'))?.temperature).not.toBe(95);
  });

  it('refuses patches that are not objects, bad or prototype paths, and unknown bays', async () => {
    const path = '/control/locations/anlegg-001/bays/hall-1';
    expect((await call('POST', path, [1, 2])).body).toMatchObject({ error: 'invalid_patch' });
    expect((await call('POST', path, 'not json')).body).toMatchObject({ error: 'invalid_json' });
    expect(await call('POST', path, { 'a..b': 1 })).toMatchObject({
      status: 400,
      body: { error: 'invalid_path' },
    });
    expect((await call('POST', path, '{"__proto__": {"polluted": 1}}')).status).toBe(400);
    expect((await call('POST', path, { constructor: { prototype: 1 } })).status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await call('POST', '/control/locations/anlegg-001/bays/hall-9', { x: 1 })).status).toBe(404);
    expect((await call('POST', '/control/locations/nope/bays/hall-1', { x: 1 })).status).toBe(404);
  });
});

describe('stats and routing', () => {
  it('counts requests per facility', async () => {
    await fetch(`${simulator.url}/a/anlegg-001/status`);
    await fetch(`${simulator.url}/a/anlegg-001/status`);
    await fetch(`${simulator.url}/b/anlegg-002/devices`);
    const { body } = await call('GET', '/control/stats');
    expect(body).toMatchObject({
      requests: 3,
      tokenRequests: 0,
      locations: {
        'anlegg-001': { requests: 2, lastRequestAt: expect.any(String) },
        'anlegg-002': { requests: 1 },
        'anlegg-003': { requests: 0, lastRequestAt: null },
      },
    });
  });

  it('answers 404 for unknown paths, 405 for other methods', async () => {
    expect((await call('GET', '/a/nope/status')).status).toBe(404);
    expect((await call('GET', '/b/anlegg-001/devices')).status).toBe(404);
    expect((await call('GET', '/control/nothing')).status).toBe(404);
    expect((await call('POST', '/a/anlegg-001/status')).status).toBe(405);
    expect((await call('GET', '/oauth/token')).status).toBe(405);
    expect((await call('GET', '/')).body).toMatchObject({ locations: 3 });
  });

  it('changes the token lifetime over HTTP', async () => {
    expect((await call('POST', '/control/oauth', { tokenTtlSeconds: 0 })).status).toBe(400);
    expect((await call('POST', '/control/oauth', { tokenTtlSeconds: 60 })).status).toBe(200);
    expect((await call('POST', '/control/oauth', { tokenTtlSeconds: 300 })).status).toBe(200);
  });
});
