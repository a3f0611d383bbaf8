import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type FaultSpec, type LocationInfo, type Simulator } from './simulator';
import { levelsOf, rawGet } from './test-support';

let simulator: Simulator;
/** Facilities without auth: faults are what is tested here. Shapes A and C. */
let shapeA: LocationInfo;
let shapeC: LocationInfo;

beforeAll(async () => {
  simulator = await createSimulator({
    locationIds: ['a', 'x1', 'x2', 'x3', 'x4', 'b'],
    baysPerLocation: 2,
    drift: false,
  });
  const [first, , , , , sixth] = simulator.locations;
  if (first?.auth.kind !== 'none' || sixth?.auth.kind !== 'none')
    throw new Error('expected facilities without auth');
  shapeA = first;
  shapeC = sixth;
  if (shapeC.shape !== 'C') throw new Error(`expected shape C, got ${shapeC.shape}`);
});
afterAll(() => simulator.close());
beforeEach(async () => {
  await fetch(`${simulator.url}/control/reset`, { method: 'POST' });
});

async function setFault(location: LocationInfo, fault: FaultSpec) {
  const response = await fetch(`${simulator.url}/control/locations/${location.id}/fault`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(response.status).toBe(200);
}

const endpoint = (location: LocationInfo) => `${simulator.url}${location.endpointPath}`;

/** Times when the headers and the end of the body arrive. */
function timedGet(url: string) {
  const started = performance.now();
  return new Promise<{ headersMs: number; endMs: number; status: number; text: string }>(
    (resolve, reject) => {
      request(url, { agent: false }, (res) => {
        const headersMs = performance.now() - started;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ headersMs, endMs: performance.now() - started, status: res.statusCode ?? 0, text }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

async function waitFor(condition: () => boolean, timeoutMs = 2_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('faults', () => {
  it('none: a normal answer, and faults are per facility', async () => {
    await setFault(shapeC, { mode: 'http500' });
    expect((await fetch(endpoint(shapeA))).status).toBe(200);
    await setFault(shapeC, { mode: 'none' });
    expect((await fetch(endpoint(shapeC))).status).toBe(200);
  });

  it('slow: the whole answer comes after the delay', async () => {
    await setFault(shapeA, { mode: 'slow', delayMs: 300 });
    const response = await timedGet(endpoint(shapeA));
    expect(response.headersMs).toBeGreaterThanOrEqual(280);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text)).toHaveProperty('bays');
  });

  it('timeout: never answers, and the socket closes when the client gives up', async () => {
    await setFault(shapeA, { mode: 'timeout' });
    const before = simulator.control.stats().openConnections;
    const error = await new Promise<Error>((resolve) => {
      const req = request(endpoint(shapeA), { agent: false, timeout: 200 }, () =>
        resolve(new Error('answered')),
      );
      req.on('timeout', () => req.destroy(new Error('client timeout')));
      req.on('error', resolve);
      req.end();
    });
    expect(error.message).toBe('client timeout');
    await waitFor(() => simulator.control.stats().openConnections === before);
  });

  it('timeout: closing the simulator does not wait for a held request', async () => {
    const other = await createSimulator({ locationCount: 1, baysPerLocation: 1 });
    other.control.setFault('anlegg-001', { mode: 'timeout' });
    const held = fetch(`${other.url}/a/anlegg-001/status`).then(
      () => 'answered',
      () => 'failed',
    );
    await waitFor(() => other.control.stats().requests === 1);
    await other.close();
    expect(await held).toBe('failed');
  });

  it('http500: a server error with a JSON body', async () => {
    await setFault(shapeA, { mode: 'http500' });
    const response = await fetch(endpoint(shapeA));
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: 'internal_error' });
  });

  it('invalidJson: 200 with a JSON content type and a body that does not parse', async () => {
    await setFault(shapeA, { mode: 'invalidJson' });
    const response = await fetch(endpoint(shapeA));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const text = await response.text();
    expect(text.startsWith('{"site":')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('huge: a chunked body past 20 MB by default (only the first bytes are read)', async () => {
    await setFault(shapeA, { mode: 'huge' });
    const response = await rawGet(endpoint(shapeA), { maxBytes: 256 * 1024 });
    expect(response.status).toBe(200);
    expect(response.truncated).toBe(true);
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.body.subarray(0, 20).toString()).toBe('{"padding":"xxxxxxxx');
  });

  it('huge: still valid JSON with intact records, for objects and arrays', async () => {
    await setFault(shapeA, { mode: 'huge', sizeBytes: 100_000 });
    const a = await rawGet(endpoint(shapeA));
    expect(a.body.length).toBeGreaterThan(100_000);
    const body = JSON.parse(a.body.toString());
    expect(levelsOf(shapeA, body)['hall-1']).toMatchObject({ Temperatur: 'active' });

    const arrayShape = simulator.locations[1] as LocationInfo;
    simulator.control.setFault(arrayShape.id, { mode: 'huge', sizeBytes: 5_000 });
    const b = await rawGet(endpoint(arrayShape), { headers: { 'x-api-key': arrayShape.auth.apiKey ?? '' } });
    expect(b.body.length).toBeGreaterThan(5_000);
    const records = JSON.parse(b.body.toString()) as unknown[];
    expect(records).toHaveLength(3);
    expect(levelsOf(arrayShape, records)['B-0002-01']).toMatchObject({ Status: 'active' });
  });

  it('gzipBomb: about 1 MB on the wire that a capped inflate refuses', { timeout: 30_000 }, async () => {
    await setFault(shapeA, { mode: 'gzipBomb' });
    const response = await rawGet(endpoint(shapeA));
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.body.length).toBeLessThan(2 * 1024 * 1024);
    expect(() => gunzipSync(response.body, { maxOutputLength: 50 * 1024 * 1024 })).toThrow(RangeError);
    console.log(`gzip bomb: ${response.body.length} bytes compressed, inflating to 1 GiB`);
  });

  it('redirect: 302 to another simulator path, which answers', async () => {
    await setFault(shapeA, { mode: 'redirect' });
    const response = await fetch(endpoint(shapeA), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = response.headers.get('location');
    expect(location).toBe(`${simulator.url}/redirected/${shapeA.id}`);
    const followed = await fetch(location ?? '');
    expect(followed.status).toBe(200);
    expect(await followed.json()).toHaveProperty('bays');
  });

  it('redirectMetadata: 302 to the cloud metadata address', async () => {
    await setFault(shapeA, { mode: 'redirectMetadata' });
    const response = await fetch(endpoint(shapeA), { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://169.254.169.254/latest/meta-data/');
  });

  it('slowBody: headers at once, then the body trickles in over the delay', async () => {
    await setFault(shapeA, { mode: 'slowBody', delayMs: 500 });
    const response = await timedGet(endpoint(shapeA));
    expect(response.status).toBe(200);
    expect(response.headersMs).toBeLessThan(200);
    expect(response.endMs).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(response.text)).toHaveProperty('bays');
  });

  it('refuses an unknown mode or facility', async () => {
    const response = await fetch(`${simulator.url}/control/locations/${shapeA.id}/fault`, {
      method: 'POST',
      body: JSON.stringify({ mode: 'meltdown' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_fault' });
    const missing = await fetch(`${simulator.url}/control/locations/nope/fault`, {
      method: 'POST',
      body: JSON.stringify({ mode: 'slow' }),
    });
    expect(missing.status).toBe(404);
  });

  it('clears every fault on reset', async () => {
    await setFault(shapeA, { mode: 'http500' });
    await fetch(`${simulator.url}/control/reset`, { method: 'POST' });
    expect((await fetch(endpoint(shapeA))).status).toBe(200);
  });
});
