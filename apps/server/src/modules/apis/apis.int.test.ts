import { createSimulator, type Simulator } from '@vaskedrift/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBodyFor, runCheck, wireLocation } from '../../../test/engine';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, fieldMessages, unknownId } from '../../../test/locations';
import { logRows } from '../../../test/people';

let ctx: TestContext;
let sim: Simulator;
let admin: ApiClient;

beforeAll(async () => {
  sim = await createSimulator({ locationCount: 5, baysPerLocation: 2, drift: false });
  ctx = await createTestApp({ ALLOW_LOOPBACK_TARGETS: 'true' });
  admin = await caller(ctx, 'admin');
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

const location = (kind: string) => {
  const found = sim.locations.find((f) => f.auth.kind === kind);
  if (!found) throw new Error(kind);
  return found;
};

describe('API connections: secrets', () => {
  it('stores secrets encrypted and never answers them, in any response', async () => {
    const oauth = location('oauth2');
    const body = apiBodyFor(sim, oauth, { name: 'Hemmelig Kasse' });
    const created = await admin.post('backend/apis/create', body);
    expect(created.statusCode).toBe(200);
    const api = created.json().data;
    expect(api).toMatchObject({ hasClientSecret: true, hasApiKey: false, clientId: oauth.auth.clientId });
    const secret = oauth.auth.clientSecret as string;
    const responses = [
      created.body,
      (await admin.post('backend/apis/get', { id: api.id })).body,
      (await admin.post('backend/apis/get', {})).body,
      (await admin.patch('backend/apis/update', { id: api.id, name: 'Hemmelig Kasse To' })).body,
      (await admin.post('backend/apis/check', { id: api.id })).body,
    ];
    for (const text of responses) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('clientSecret"');
    }
    const { rows } = await ctx.database.pool.query('select client_secret_encrypted from apis where id = $1', [
      api.id,
    ]);
    expect(rows[0].client_secret_encrypted).toMatch(/^v1\./);
    expect(rows[0].client_secret_encrypted).not.toContain(secret);
    await ctx.app.bus.drain();
    const log = await logRows(ctx, 'apis/update');
    expect(log).toContainEqual(
      expect.objectContaining({
        resource_id: api.id,
        user_id: admin.user.id,
        extra_data: expect.objectContaining({ fields: ['name'] }),
      }),
    );
    expect(JSON.stringify(log)).not.toContain(secret);
  });

  it('keeps a secret left out of an update, clears it with an empty string', async () => {
    const key = location('apiKey');
    const api = (
      await admin.post('backend/apis/create', apiBodyFor(sim, key, { name: 'Nokkel Kasse' }))
    ).json().data;
    const kept = await admin.patch('backend/apis/update', { id: api.id, checkInterval: 45 });
    expect(kept.json().data).toMatchObject({ hasApiKey: true, checkInterval: 45 });
    const check = await admin.post('backend/apis/check', { id: api.id });
    expect(check.json().data.ok).toBe(true);
    const refused = await admin.patch('backend/apis/update', { id: api.id, apiKey: '' });
    expect(refused.statusCode).toBe(400);
    expect(fieldMessages(refused.json()).apiKey).toBe('API-nøkkel er påkrevd');
    const cleared = await admin.patch('backend/apis/update', { id: api.id, apiKey: '', authMethod: 'none' });
    expect(cleared.json().data).toMatchObject({ hasApiKey: false, authMethod: 'none' });
  });
});

describe('API connections: validation in Norwegian', () => {
  it.each([
    [{ checkInterval: 10 }, 'checkInterval', 'Må være et gyldig tall over 30 sekunder'],
    [{ checkInterval: 'tretti' }, 'checkInterval', 'Må være et gyldig tall over 30 sekunder'],
    [{ name: 'AB' }, 'name', 'Navnet må være lenger enn 2 bokstaver'],
    [{ name: undefined }, 'name', 'Navn er påkrevd'],
    [{ endpointUrl: '' }, 'endpointUrl', 'URL er påkrevd'],
    [{ endpointUrl: 'ftp://kasse.local' }, 'endpointUrl', 'URL-en må begynne med http:// eller https://'],
    [{ tokenPath: 'ab' }, 'tokenPath', 'Må være lenger enn 2 tegn'],
    [{ clientId: 'ab' }, 'clientId', 'Må være lenger enn 2 tegn'],
    [{ authMethod: 'oauth2' }, 'authEndpointUrl', 'Token-URL er påkrevd for OAuth2'],
    [{ authMethod: 'apiKey' }, 'apiKey', 'API-nøkkel er påkrevd'],
    [{ authMethod: 'kerberos' }, 'authMethod', 'Ugyldig autentiseringsmetode'],
    [{ headers: { 'Ugyldig header': 'x' } }, 'headers.Ugyldig header', 'Ugyldig headernavn'],
    [
      { headers: { Host: 'x' } },
      'headers.Host',
      'Denne headeren settes av Vaskedrift og kan ikke overstyres',
    ],
    [
      { details: { failureThreshold: 0 } },
      'details.failureThreshold',
      'Feilterskelen må være et heltall fra 1 til 100',
    ],
    [
      { details: { recordsPath: 'a..b' } },
      'details.recordsPath',
      'Ugyldig sti (bruk punktum mellom feltene, f.eks. data.items)',
    ],
  ])('refuses %o with "%s: %s"', async (overrides, path, message) => {
    const res = await admin.post('backend/apis/create', {
      name: 'Kasse Bergen',
      endpointUrl: 'http://10.0.0.5/status',
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())[path]).toBe(message);
  });
});

describe('API connections: status, check, logs, roles', () => {
  it("answers ':apiEndpoint er :status' when the status changes, nothing otherwise", async () => {
    const api = (
      await admin.post('backend/apis/create', { name: 'Kasse Bergen', endpointUrl: 'http://10.0.0.5/s' })
    ).json().data;
    const off = await admin.patch('backend/apis/update', { id: api.id, status: 'disabled' });
    expect(off.json()).toMatchObject({
      message: 'Kasse Bergen er deaktivert',
      data: { status: 'disabled', health: 'disabled', nextCheckAt: null },
    });
    const same = await admin.patch('backend/apis/update', { id: api.id, status: 'disabled' });
    expect(same.json().message).toBeUndefined();
    const on = await admin.patch('backend/apis/update', { id: api.id, status: 'enabled' });
    expect(on.json().message).toBe('Kasse Bergen er aktivert');
  });

  it("'Test tilkobling' shows the records, their keys and the key values, and stores nothing", async () => {
    const basic = location('basic');
    const paths = basic.suggestedAttributes.slice(0, 2).map((a) => a.path);
    const w = await wireLocation(admin, sim, basic, { paths });
    await runCheck(ctx, w.apiId);
    const before = await ctx.database.pool.query(
      'select count(*)::int as n from api_check_logs where api_id = $1',
      [w.apiId],
    );
    const res = await admin.post('backend/apis/check', { id: w.apiId });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ ok: true, httpStatus: 200, recordCount: 2, error: null });
    expect(data.durationMs).toBeGreaterThanOrEqual(0);
    expect(data.bytes).toBeGreaterThan(10);
    expect(data.keys).toEqual(expect.arrayContaining([basic.keyIdentifier, ...paths]));
    expect(data.records).toHaveLength(2);
    expect(data.keyValues).toEqual([
      expect.objectContaining({
        keyIdentifier: basic.keyIdentifier,
        values: basic.bays.map((b) => b.key),
        total: 2,
      }),
    ]);
    expect(data.attributes).toHaveLength(4);
    expect(data.attributes.every((a: { level: string }) => a.level === 'active')).toBe(true);
    // Each says how its value reads (docs/domain.md, Words): without display names, the API attribute's name.
    expect(data.attributes[0]).toMatchObject({
      labels: { name: expect.any(String), unit: null, trueLabel: null, falseLabel: null },
      type: expect.stringMatching(/^(number|boolean|string)$/),
      thresholds: expect.objectContaining({ thresholdCritical: expect.any(String) }),
    });
    const after = await ctx.database.pool.query(
      'select count(*)::int as n from api_check_logs where api_id = $1',
      [w.apiId],
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('tests an unsaved draft, and says why a failing one fails', async () => {
    const none = location('none');
    const draft = await admin.post('backend/apis/check', {
      draft: { endpointUrl: `${sim.url}${none.endpointPath}` },
    });
    expect(draft.json().data).toMatchObject({ ok: true, recordCount: 2 });
    const missing = await admin.post('backend/apis/check', {
      draft: { endpointUrl: `${sim.url}/finnes-ikke` },
    });
    expect(missing.json().data).toMatchObject({
      ok: false,
      httpStatus: 404,
      error: 'Svarte med HTTP 404',
      errorCode: 'http/404',
    });
    const metadata = await admin.post('backend/apis/check', {
      draft: { endpointUrl: 'http://169.254.169.254/latest' },
    });
    expect(metadata.json().data.error).toBe('Adressen er ikke tillatt (lenke-lokal/metadata)');
    expect((await admin.post('backend/apis/check', {})).statusCode).toBe(400);
    expect((await admin.post('backend/apis/check', { id: unknownId() })).statusCode).toBe(404);
  });

  it('lists the check log newest first, filtered by outcome', async () => {
    const bearer = location('bearer');
    const w = await wireLocation(admin, sim, bearer, {
      bays: 1,
      paths: [bearer.suggestedAttributes[0]?.path ?? ''],
    });
    await runCheck(ctx, w.apiId);
    sim.control.setFault(w.location.id, { mode: 'invalidJson' });
    await runCheck(ctx, w.apiId);
    sim.control.setFault(w.location.id, { mode: 'none' });
    const all = (await admin.post('backend/apis/logs/get', { apiId: w.apiId, perPage: 10 })).json();
    expect(all.data[0]).toMatchObject({
      outcome: 'error',
      error: 'Svaret er ikke gyldig JSON',
      errorCode: 'response/invalid-json',
      source: 'poll',
    });
    const errors = (
      await admin.post('backend/apis/logs/get', { apiId: w.apiId, filters: { outcome: 'error' } })
    ).json();
    expect(errors.count).toBe(1);
    const stats = (
      await admin.post('backend/apis/stats/get', {
        apiId: w.apiId,
        from: new Date(Date.now() - 3_600_000).toISOString(),
        to: new Date(Date.now() + 3_600_000).toISOString(),
      })
    ).json().data;
    expect(stats.totals.checks).toBeGreaterThanOrEqual(2);
    expect(stats.totals.failures).toBe(1);
    // Each check is counted in the hour's latency histogram too (decision 023).
    expect(stats.totals.p50Ms).not.toBeNull();
  });

  it('refuses every API connection call to operators and users with 403', async () => {
    for (const role of ['operator', 'user'] as const) {
      const who = await caller(ctx, role);
      for (const res of [
        await who.post('backend/apis/get', {}),
        await who.post('backend/apis/create', { name: 'Kasse', endpointUrl: 'http://10.0.0.1/' }),
        await who.post('backend/apis/check', { id: unknownId() }),
        await who.post('backend/apis/metrics/get', {}),
        await who.post('backend/apis/logs/get', { apiId: unknownId() }),
      ]) {
        expect(res.statusCode).toBe(403);
      }
    }
  });

  it('deletes softly: gone from lists and reads, checks stop', async () => {
    const api = (
      await admin.post('backend/apis/create', { name: 'Kasse Slett', endpointUrl: 'http://10.0.0.5/s' })
    ).json().data;
    expect((await admin.del('backend/apis/delete', { id: api.id })).json().data).toEqual({ id: api.id });
    expect((await admin.post('backend/apis/get', { id: api.id })).statusCode).toBe(404);
    expect((await admin.del('backend/apis/delete', { id: api.id })).statusCode).toBe(404);
    const { rows } = await ctx.database.pool.query('select status, deleted_at from apis where id = $1', [
      api.id,
    ]);
    expect(rows[0].status).toBe('disabled');
    expect(rows[0].deleted_at).not.toBeNull();
  });
});

describe('API connections: the list', () => {
  // A database of its own: the counts below are of these five connections only.
  let own: TestContext;
  let listAdmin: ApiClient;
  beforeAll(async () => {
    own = await createTestApp();
    listAdmin = await caller(own, 'admin');
    for (const name of ['Kasse Bergen', 'Kasse Oslo', 'Kasse Trondheim', 'Kasse Stavanger', 'Kasse Tromso']) {
      const res = await listAdmin.post('backend/apis/create', { name, endpointUrl: 'http://10.0.0.5/s' });
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(() => own?.close());

  it('searches, sorts and pages the list', async () => {
    const list = (
      await listAdmin.post('backend/apis/get', {
        search: 'kasse bergen',
        sort: { column: 'name', direction: 'asc' },
      })
    ).json();
    expect(list.count).toBe(1);
    const page = (await listAdmin.post('backend/apis/get', { perPage: 2, page: 2 })).json();
    expect(page.data).toHaveLength(2);
    expect(page.count).toBeGreaterThan(4);
  });
});

describe('the API reference', () => {
  it('documents every status engine endpoint from its zod schemas', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(
        [
          'apis/get',
          'apis/create',
          'apis/update',
          'apis/delete',
          'apis/check',
          'apis/logs/get',
          'apis/stats/get',
          'apis/metrics/get',
          'bays/metrics/get',
          'bays/metrics/readings/get',
          'alerts/get',
          'alerts/acknowledge',
        ]
          .map((p) => `/api/v1/backend/${p}`)
          .concat('/api/v1/push/{token}'),
      ),
    );
  });
});
