import { AUTH_METHODS } from '@vaskedrift/shared';
import { AUTH_KINDS, createSimulator, type Simulator } from '@vaskedrift/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attributeRow,
  bayStatus,
  checkLogs,
  runCheck,
  type WiredLocation,
  wireLocation,
} from '../../../test/engine';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller } from '../../../test/locations';

let ctx: TestContext;
let sim: Simulator;
let admin: ApiClient;
const wired = new Map<string, WiredLocation>();

beforeAll(async () => {
  // One facility per auth method of the shared registry.
  sim = await createSimulator({
    locationCount: AUTH_KINDS.length,
    authKinds: AUTH_KINDS,
    baysPerLocation: 2,
    drift: false,
  });
  ctx = await createTestApp({ ALLOW_LOOPBACK_TARGETS: 'true' });
  admin = await caller(ctx, 'admin');
  for (const location of sim.locations)
    wired.set(location.auth.kind, await wireLocation(admin, sim, location));
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

describe('each auth method against the simulator', () => {
  it.each(AUTH_METHODS)('%s: reads every attribute and derives the bays', async (kind) => {
    const w = wired.get(kind);
    if (!w) throw new Error(kind);
    await runCheck(ctx, w.apiId);
    for (const id of w.bayMetrics.values()) {
      const row = await attributeRow(ctx, id);
      expect(row.last_level, row.last_reason ?? '').toBe('active');
      expect(row.last_read_at).not.toBeNull();
    }
    for (const bayId of w.bays.values()) expect(await bayStatus(ctx, bayId)).toBe('operational');
    // Successes are sampled into the log (one per 5 minutes per API), failures always written.
    expect((await checkLogs(ctx, w.apiId)).map((l) => l.outcome)).toEqual(['ok']);
    const api = (await admin.post('backend/apis/get', { id: w.apiId })).json().data;
    expect(api).toMatchObject({ health: 'ok', consecutiveFailures: 0, successRate24h: 1 });
    expect(api.checks24h).toBeGreaterThanOrEqual(1);
  });
});

describe('OAuth2 tokens', () => {
  it('are cached between checks and fetched again once after a 401', async () => {
    const w = wired.get('oauth2');
    if (!w) throw new Error('oauth2');
    await runCheck(ctx, w.apiId);
    const before = sim.control.stats().tokenRequests;
    await runCheck(ctx, w.apiId);
    expect(sim.control.stats().tokenRequests).toBe(before);
    sim.control.revokeTokens();
    await runCheck(ctx, w.apiId);
    expect(sim.control.stats().tokenRequests).toBe(before + 1);
    const api = (await admin.post('backend/apis/get', { id: w.apiId })).json().data;
    expect(api).toMatchObject({ health: 'ok', consecutiveFailures: 0 });
  });

  it("a wrong client secret fails the check with the token endpoint's answer", async () => {
    const w = wired.get('oauth2');
    if (!w) throw new Error('oauth2');
    const res = await admin.post('backend/apis/check', {
      id: w.apiId,
      draft: { clientSecret: 'feil-hemmelighet' },
    });
    expect(res.json().data).toMatchObject({
      ok: false,
      error: 'Klarte ikke å hente OAuth2-token: token-URL-en svarte HTTP 401',
      errorCode: 'auth/token',
    });
  });
});

describe('Digest', () => {
  const digest = () => {
    const w = wired.get('digest');
    if (!w) throw new Error('digest');
    return { w, requests: () => sim.control.stats().locations[w.location.id]?.requests ?? 0 };
  };

  it('a wrong password fails the check with the 401 its answer to the challenge got', async () => {
    const { w, requests } = digest();
    const before = requests();
    const res = await admin.post('backend/apis/check', {
      id: w.apiId,
      draft: { clientSecret: 'feil-hemmelighet' },
    });
    expect(res.json().data).toMatchObject({ ok: false, error: 'Svarte med HTTP 401', errorCode: 'http/401' });
    // Unsigned (other credentials than the kept nonce's), then the answer to the challenge.
    expect(requests()).toBe(before + 2);
  });

  it('answers the challenge once, then signs later checks at once with the kept nonce', async () => {
    const { w, requests } = digest();
    const before = requests();
    await runCheck(ctx, w.apiId);
    expect(requests()).toBe(before + 2);
    await runCheck(ctx, w.apiId);
    expect(requests()).toBe(before + 3);
    const api = (await admin.post('backend/apis/get', { id: w.apiId })).json().data;
    expect(api).toMatchObject({ health: 'ok', consecutiveFailures: 0 });
  });
});
