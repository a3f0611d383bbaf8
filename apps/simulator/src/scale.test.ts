import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type LocationInfo, type Simulator } from './simulator';
import { evaluateLocation } from './test-support';

/*
 * The benchmark's size: 500 facilities × 20 bays × 5 values. Prints how long one full sweep takes; timing is
 * never asserted (benchmarks live in bench/).
 */

const LOCATIONS = 500;
const BAYS = 20;
const CONCURRENCY = 50;

let simulator: Simulator;
const tokens = new Map<string, string>();

beforeAll(async () => {
  simulator = await createSimulator({ locationCount: LOCATIONS, baysPerLocation: BAYS });
});
afterAll(() => simulator.close());

async function headersFor(location: LocationInfo): Promise<Record<string, string>> {
  const { auth } = location;
  switch (auth.kind) {
    case 'none':
      return {};
    case 'apiKey':
      return { 'x-api-key': auth.apiKey ?? '' };
    case 'bearer':
      return { authorization: `Bearer ${auth.token}` };
    case 'basic':
      return {
        authorization: `Basic ${Buffer.from(`${auth.clientId}:${auth.clientSecret}`).toString('base64')}`,
      };
    case 'digest':
      throw new Error('digest is not in the default rotation of auth kinds');
    case 'oauth2': {
      let token = tokens.get(location.id);
      if (token === undefined) {
        const response = await fetch(`${simulator.url}${auth.authEndpointPath}`, {
          method: 'POST',
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: auth.clientId ?? '',
            client_secret: auth.clientSecret ?? '',
          }),
        });
        token = ((await response.json()) as { access_token: string }).access_token;
        tokens.set(location.id, token);
      }
      return { authorization: `Bearer ${token}` };
    }
  }
}

/** Polls every facility once, `CONCURRENCY` at a time; returns each body and the elapsed time. */
async function sweep() {
  const started = performance.now();
  const bodies = new Map<string, unknown>();
  const statuses = new Set<number>();
  let next = 0;
  const worker = async () => {
    while (next < simulator.locations.length) {
      const location = simulator.locations[next++] as LocationInfo;
      const response = await fetch(`${simulator.url}${location.endpointPath}`, {
        headers: await headersFor(location),
      });
      statuses.add(response.status);
      bodies.set(location.id, await response.json());
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { bodies, statuses, ms: performance.now() - started };
}

describe('500 facilities × 20 bays', () => {
  it('answers every facility in a sweep, and every value evaluates', { timeout: 60_000 }, async () => {
    const first = await sweep();
    const second = await sweep();
    expect(first.statuses).toEqual(new Set([200]));
    expect(second.statuses).toEqual(new Set([200]));

    const evaluationStarted = performance.now();
    const levels = new Map<string, number>();
    let attributes = 0;
    for (const location of simulator.locations) {
      const evaluated = evaluateLocation(location, second.bodies.get(location.id));
      for (const byName of Object.values(evaluated)) {
        for (const { level } of Object.values(byName)) {
          attributes++;
          levels.set(level, (levels.get(level) ?? 0) + 1);
        }
      }
    }
    const evaluationMs = performance.now() - evaluationStarted;

    expect(attributes).toBe(LOCATIONS * BAYS * 5);
    expect(levels.get('nodata')).toBeUndefined();
    expect(levels.get('active')).toBeGreaterThan(attributes * 0.9);
    const stats = simulator.control.stats();
    expect(stats.requests).toBe(2 * LOCATIONS);
    expect(stats.tokenRequests).toBe(LOCATIONS / 5);
    console.log(
      `sweep of ${LOCATIONS} facilities × ${BAYS} bays: first ${first.ms.toFixed(0)} ms (with ${stats.tokenRequests} ` +
        `token requests), second ${second.ms.toFixed(0)} ms; evaluating ${attributes} values ` +
        `${evaluationMs.toFixed(0)} ms; levels ${JSON.stringify(Object.fromEntries(levels))}`,
    );
  });
});
