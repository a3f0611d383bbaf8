import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_NONCE_TTL_SECONDS, expectedDigestResponse } from './digest';
import { createSimulator, type LocationInfo, type Simulator } from './simulator';

let simulator: Simulator;
let clock = Date.parse('2025-06-01T12:00:00Z');
let first: LocationInfo;
let second: LocationInfo;

beforeAll(async () => {
  simulator = await createSimulator({
    locationCount: 2,
    baysPerLocation: 1,
    drift: false,
    authKinds: ['digest'],
    now: () => clock,
  });
  [first, second] = simulator.locations as [LocationInfo, LocationInfo];
});
afterAll(() => simulator.close());

const get = (f: LocationInfo, headers: Record<string, string> = {}) =>
  fetch(`${simulator.url}${f.endpointPath}`, { headers });

/** The first challenge's nonce, and all of the header. */
async function challengeOf(f: LocationInfo) {
  const response = await get(f);
  expect(response.status).toBe(401);
  const header = response.headers.get('www-authenticate') ?? '';
  return { header, nonce: /nonce="([^"]+)"/.exec(header)?.[1] ?? '' };
}

function answer(
  f: LocationInfo,
  nonce: string,
  { algorithm = 'SHA-256', password = f.auth.clientSecret ?? '', uri = f.endpointPath } = {},
) {
  const params = new Map([
    ['username', f.auth.clientId ?? ''],
    ['realm', 'vaskedrift-simulator'],
    ['uri', uri],
    ['algorithm', algorithm],
    ['nonce', nonce],
    ['nc', '00000001'],
    ['cnonce', 'klient-nonce'],
    ['qop', 'auth'],
  ]);
  params.set('response', expectedDigestResponse(params, password, 'GET') ?? '');
  const fields = [...params].map(([name, value]) => `${name}="${value}"`);
  return { authorization: `Digest ${fields.join(', ')}` };
}

describe('digest (RFC 7616)', () => {
  it('computes the responses of the RFC example (§3.9.1)', () => {
    const params = new Map([
      ['username', 'Mufasa'],
      ['realm', 'http-auth@example.org'],
      ['uri', '/dir/index.html'],
      ['nonce', '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v'],
      ['nc', '00000001'],
      ['cnonce', 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ'],
    ]);
    expect(expectedDigestResponse(new Map([...params, ['algorithm', 'MD5']]), 'Circle of Life', 'GET')).toBe(
      '8ca523f5e9506fed4657c9700eebdbec',
    );
    expect(
      expectedDigestResponse(new Map([...params, ['algorithm', 'SHA-256']]), 'Circle of Life', 'GET'),
    ).toBe('753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1');
  });

  it('challenges with SHA-256 and MD5, qop auth, and opens the data to either answer', async () => {
    const { header, nonce } = await challengeOf(first);
    expect(header).toMatch(/^Digest realm="vaskedrift-simulator", qop="auth", algorithm=SHA-256, nonce="/);
    expect(header).toContain('algorithm=MD5');
    expect((await get(first, answer(first, nonce))).status).toBe(200);
    expect((await get(first, answer(first, nonce, { algorithm: 'MD5' }))).status).toBe(200);
  });

  it("refuses a wrong password, another request's URI, another facility's nonce and unknown algorithms", async () => {
    const { nonce } = await challengeOf(first);
    for (const wrong of [
      answer(first, nonce, { password: 'feil' }),
      answer(first, nonce, { uri: second.endpointPath }),
      answer(first, nonce, { algorithm: 'SHA-512-256' }),
      answer(first, (await challengeOf(second)).nonce),
      { authorization: 'Basic eDp5' },
    ]) {
      const response = await get(first, wrong);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).not.toContain('stale');
    }
  });

  it('answers an expired nonce with a fresh challenge marked stale', async () => {
    const { nonce } = await challengeOf(first);
    clock += DIGEST_NONCE_TTL_SECONDS * 1000;
    const response = await get(first, answer(first, nonce));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'stale_nonce' });
    const header = response.headers.get('www-authenticate') ?? '';
    expect(header).toContain('stale=true');
    const fresh = /nonce="([^"]+)"/.exec(header)?.[1] ?? '';
    expect(fresh).not.toBe(nonce);
    expect((await get(first, answer(first, fresh))).status).toBe(200);
  });
});
