import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FaultSpec } from '@vaskedrift/simulator';
import { createSimulator, type Simulator } from '@vaskedrift/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attributeRow,
  bayStatus,
  checkLogs,
  runCheck,
  type WiredLocation,
  wireLocation,
} from '../../../test/engine';
import { createTestApp, metadataLookup, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller } from '../../../test/locations';

let ctx: TestContext;
let sim: Simulator;
let admin: ApiClient;
let redirector: Server;
let redirectorUrl: string;
let next = 0;

beforeAll(async () => {
  sim = await createSimulator({ locationCount: 12, baysPerLocation: 1, drift: false });
  ctx = await createTestApp(
    { ALLOW_LOOPBACK_TARGETS: 'true', ALLOW_PRIVATE_TARGETS: 'false' },
    { dnsLookup: metadataLookup },
  );
  admin = await caller(ctx, 'admin');
  // A controller that sends every request on to a private address.
  redirector = createServer((_req, res) =>
    res.writeHead(302, { location: 'http://10.20.30.40/status' }).end(),
  );
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  redirectorUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/status`;
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
  redirector?.closeAllConnections();
  await new Promise((resolve) => redirector?.close(resolve));
});

/** A fresh facility of the simulator wired with one bay and its first attribute. */
async function fresh(api: Record<string, unknown> = {}): Promise<WiredLocation> {
  const location = sim.locations[next++];
  if (!location) throw new Error('tom for anlegg');
  const first = location.suggestedAttributes[0]?.path ?? '';
  const details = { ...(location.recordsPath ? { recordsPath: location.recordsPath } : {}), timeoutMs: 1000 };
  const wired = await wireLocation(admin, sim, location, { paths: [first], api: { details, ...api } });
  await runCheck(ctx, wired.apiId);
  return wired;
}

async function expectNodataAfterThreshold(w: WiredLocation, reason: string) {
  const bayMetricId = [...w.bayMetrics.values()][0] as string;
  const bayId = [...w.bays.values()][0] as string;
  expect((await attributeRow(ctx, bayMetricId)).last_level).toBe('active');
  for (let i = 1; i <= 3; i++) {
    await runCheck(ctx, w.apiId);
    const row = await attributeRow(ctx, bayMetricId);
    // Below the threshold the attribute keeps its level; at it, every attribute has no data.
    expect(row.last_level, `etter ${i} feil`).toBe(i < 3 ? 'active' : 'nodata');
  }
  expect((await attributeRow(ctx, bayMetricId)).last_reason).toBe(`API-et svarer ikke: ${reason}`);
  expect(await bayStatus(ctx, bayId)).toBe('inactive');
  const logs = (await checkLogs(ctx, w.apiId)).filter((l) => l.outcome === 'error');
  expect(logs).toHaveLength(3);
  expect(logs.map((l) => l.error)).toEqual([reason, reason, reason]);
  const api = (await admin.post('backend/apis/get', { id: w.apiId })).json().data;
  expect(api).toMatchObject({ health: 'down', consecutiveFailures: 3, lastError: reason });
  const health = await ctx.app.inject({ method: 'GET', url: '/api/v1/misc/fallback' });
  expect(health.statusCode).toBe(200);
}

describe('a failing controller: no data after three failures, a clear reason, a healthy server', () => {
  it.each<[string, FaultSpec, string, Record<string, unknown>?]>([
    ['timeout', { mode: 'timeout' }, 'Tidsavbrudd etter 1 s'],
    ['slow answer', { mode: 'slow', delayMs: 5000 }, 'Tidsavbrudd etter 1 s'],
    ['slow body', { mode: 'slowBody', delayMs: 5000 }, 'Tidsavbrudd etter 1 s'],
    ['huge body', { mode: 'huge' }, 'Svaret er større enn 5 MB'],
    // The simulator builds its bomb on first use (seconds of gzip in this very process): a longer deadline.
    ['gzip bomb', { mode: 'gzipBomb' }, 'Svaret er større enn 5 MB', { timeoutMs: 20_000 }],
    ['invalid JSON', { mode: 'invalidJson' }, 'Svaret er ikke gyldig JSON'],
    ['HTTP 500', { mode: 'http500' }, 'Svarte med HTTP 500'],
    [
      'a redirect while redirects are off',
      { mode: 'redirect' },
      'Svaret er en videresending (302), og videresending er ikke slått på',
    ],
    [
      'a redirect to the metadata address',
      { mode: 'redirectMetadata' },
      'Adressen er ikke tillatt (lenke-lokal/metadata)',
      { followRedirects: true },
    ],
  ])('%s', async (_name, fault, reason, details = {}) => {
    const w = await fresh();
    if (Object.keys(details).length > 0) {
      const res = await admin.patch('backend/apis/update', {
        id: w.apiId,
        details: { recordsPath: w.location.recordsPath, timeoutMs: 1000, ...details },
      });
      expect(res.statusCode).toBe(200);
    } else {
      await admin.patch('backend/apis/update', {
        id: w.apiId,
        details: {
          ...(w.location.recordsPath ? { recordsPath: w.location.recordsPath } : {}),
          timeoutMs: 1000,
        },
      });
    }
    sim.control.setFault(w.location.id, fault);
    await expectNodataAfterThreshold(w, reason);
  });

  it('a redirect to a private address (private targets off)', async () => {
    const w = await fresh();
    await admin.patch('backend/apis/update', {
      id: w.apiId,
      endpointUrl: redirectorUrl,
      authMethod: 'none',
      details: { followRedirects: true, timeoutMs: 1000 },
    });
    await expectNodataAfterThreshold(w, 'Adressen er ikke tillatt (privat nett)');
  });

  it('a name that resolves to the metadata address', async () => {
    const w = await fresh();
    const port = new URL(sim.url).port;
    await admin.patch('backend/apis/update', {
      id: w.apiId,
      endpointUrl: `http://metadata.localtest:${port}${w.location.endpointPath}`,
      details: { timeoutMs: 1000 },
    });
    await expectNodataAfterThreshold(w, 'Adressen er ikke tillatt (lenke-lokal/metadata)');
  });

  it('recovers on the next success: levels come back, the counter starts over', async () => {
    const w = await fresh();
    sim.control.setFault(w.location.id, { mode: 'http500' });
    for (let i = 0; i < 3; i++) await runCheck(ctx, w.apiId);
    sim.control.setFault(w.location.id, { mode: 'none' });
    await runCheck(ctx, w.apiId);
    const bayMetricId = [...w.bayMetrics.values()][0] as string;
    expect((await attributeRow(ctx, bayMetricId)).last_level).toBe('active');
    expect(await bayStatus(ctx, [...w.bays.values()][0] as string)).toBe('operational');
    const api = (await admin.post('backend/apis/get', { id: w.apiId })).json().data;
    expect(api).toMatchObject({ health: 'ok', consecutiveFailures: 0, lastError: null });
    // The first success after failures is always in the log.
    expect((await checkLogs(ctx, w.apiId)).at(-1)?.outcome).toBe('ok');
  });

  it('leaves no sockets open to the controllers once the checks are done', async () => {
    const deadline = Date.now() + 10_000;
    // Idle keep-alive sockets close after 4 s; held (timeout), trickling and refused ones at once.
    while (sim.control.stats().openConnections > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(sim.control.stats().openConnections).toBe(0);
  });
});
