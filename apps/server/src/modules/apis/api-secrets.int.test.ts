import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, testConfig } from '../../../test/helpers';
import { type ApiClient, caller, fieldMessages } from '../../../test/locations';
import { buildApp } from '../../app';
import { connectDatabase } from '../../db/client';

/**
 * A controller that records every request it gets (headers and body) and answers a record list, or a
 * token on /token. Two of them on two ports are two origins: the saved address and another one.
 */
type Recorder = {
  url: string;
  requests: { path: string; headers: IncomingHttpHeaders; body: string }[];
  /** Everything it was sent, as one text to search for a secret. */
  seen(): string;
  close(): Promise<void>;
};

async function startRecorder(redirectTo?: () => string): Promise<Recorder> {
  const requests: Recorder['requests'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      if (redirectTo && req.url?.startsWith('/redirect')) {
        res.writeHead(302, { location: `${redirectTo()}/status` }).end();
        return;
      }
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/token')) {
        res.end(JSON.stringify({ access_token: 'utstedt-token', expires_in: 600 }));
        return;
      }
      res.end(JSON.stringify([{ bayId: 'hall-1', temperature: 20 }]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    seen: () => JSON.stringify(requests),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const SECRET_KEY = randomBytes(32).toString('hex');
const env = { ALLOW_LOOPBACK_TARGETS: 'true', SECRET_KEY };

let ctx: TestContext;
let admin: ApiClient;
let home: Recorder;
let elsewhere: Recorder;

beforeAll(async () => {
  elsewhere = await startRecorder();
  home = await startRecorder(() => elsewhere.url);
  ctx = await createTestApp(env);
  admin = await caller(ctx, 'admin');
});
afterAll(async () => {
  await ctx?.close();
  await home?.close();
  await elsewhere?.close();
});
beforeEach(() => {
  home.requests.length = 0;
  elsewhere.requests.length = 0;
});

const HEADER_VALUE = 'hemmelig-header-verdi';
const API_KEY = 'hemmelig-api-nokkel';
const CLIENT_SECRET = 'hemmelig-klient';
const HINT = 'Lagrede hemmeligheter sendes ikke til en ny adresse; skriv dem inn på nytt';

/** The stored secret of each auth method, how it is typed into a draft, and how it shows on the wire. */
const METHODS = {
  apiKey: {
    body: { authMethod: 'apiKey', apiKey: API_KEY },
    retyped: { apiKey: API_KEY },
    secrets: [API_KEY],
  },
  bearer: {
    body: { authMethod: 'bearer', apiKey: API_KEY },
    retyped: { apiKey: API_KEY },
    secrets: [API_KEY],
  },
  basic: {
    body: { authMethod: 'basic', clientId: 'kasse', clientSecret: CLIENT_SECRET },
    retyped: { clientSecret: CLIENT_SECRET },
    secrets: [CLIENT_SECRET, Buffer.from(`kasse:${CLIENT_SECRET}`).toString('base64')],
  },
  oauth2: {
    body: { authMethod: 'oauth2', clientId: 'kasse', clientSecret: CLIENT_SECRET },
    retyped: { clientSecret: CLIENT_SECRET },
    secrets: [CLIENT_SECRET, 'utstedt-token'],
  },
} as const;

async function createApi(overrides: Record<string, unknown>) {
  const res = await admin.post('backend/apis/create', {
    name: `Kasse ${randomBytes(3).toString('hex')}`,
    endpointUrl: `${home.url}/status`,
    ...overrides,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; headerNames: string[] };
}

const check = async (body: Record<string, unknown>) => {
  const res = await admin.post('backend/apis/check', body);
  expect(res.statusCode).toBe(200);
  return res.json().data as { ok: boolean; hint: string | null; error: string | null };
};

/** Whether any request a recorder got carried one of the secrets, or any credential header at all. */
function sawCredential(recorder: Recorder, secrets: readonly string[]): boolean {
  const credentialHeader = recorder.requests.some(
    (r) => r.headers.authorization || r.headers['x-api-key'] || r.headers['x-tenant-key'],
  );
  return credentialHeader || secrets.some((secret) => recorder.seen().includes(secret));
}

describe("'Test tilkobling' with a draft that moves the address", () => {
  it.each(Object.entries(METHODS))(
    '%s: sends no stored credential to another host, the typed one when typed, the stored one on the same origin',
    async (method, { body, retyped, secrets }) => {
      const oauth = method === 'oauth2' ? { authEndpointUrl: `${home.url}/token` } : {};
      const api = await createApi({ ...body, ...oauth, headers: { 'X-Tenant-Key': HEADER_VALUE } });
      const all = [...secrets, HEADER_VALUE];

      const moved = await check({ id: api.id, draft: { endpointUrl: `${elsewhere.url}/status` } });
      expect(moved.hint).toBe(HINT);
      expect(sawCredential(elsewhere, all)).toBe(false);
      expect(sawCredential(home, all)).toBe(false);

      const typed = await check({
        id: api.id,
        draft: {
          endpointUrl: `${elsewhere.url}/status`,
          ...retyped,
          headers: { 'X-Tenant-Key': HEADER_VALUE },
        },
      });
      expect(typed).toMatchObject({ ok: true, hint: null });
      expect(elsewhere.seen()).toContain(secrets[secrets.length - 1]);
      expect(elsewhere.requests.at(-1)?.headers['x-tenant-key']).toBe(HEADER_VALUE);

      home.requests.length = 0;
      const sameOrigin = await check({ id: api.id, draft: { endpointUrl: `${home.url}/status?igjen=1` } });
      expect(sameOrigin).toMatchObject({ ok: true, hint: null });
      expect(home.seen()).toContain(secrets[secrets.length - 1]);
      expect(home.requests.at(-1)?.headers['x-tenant-key']).toBe(HEADER_VALUE);
    },
  );

  it('oauth2: a token URL moved to another host gets no stored client secret', async () => {
    const api = await createApi({ ...METHODS.oauth2.body, authEndpointUrl: `${home.url}/token` });
    const moved = await check({ id: api.id, draft: { authEndpointUrl: `${elsewhere.url}/token` } });
    expect(moved).toMatchObject({ ok: false, hint: HINT });
    expect(elsewhere.seen()).not.toContain(CLIENT_SECRET);
    const typed = await check({
      id: api.id,
      draft: { authEndpointUrl: `${elsewhere.url}/token`, clientSecret: CLIENT_SECRET },
    });
    expect(typed.ok).toBe(true);
    expect(elsewhere.requests[0]?.body).toContain(`client_secret=${CLIENT_SECRET}`);
  });

  it('a redirect to another origin carries neither the API key nor a custom header', async () => {
    const api = await createApi({
      ...METHODS.apiKey.body,
      endpointUrl: `${home.url}/redirect`,
      headers: { 'X-Tenant-Key': HEADER_VALUE },
      details: { followRedirects: true },
    });
    expect((await check({ id: api.id })).ok).toBe(true);
    expect(home.requests[0]?.headers['x-api-key']).toBe(API_KEY);
    expect(elsewhere.requests).toHaveLength(1);
    expect(sawCredential(elsewhere, [API_KEY, HEADER_VALUE])).toBe(false);
  });
});

describe('custom headers are secrets', () => {
  it('are sealed at rest, answered by name only, and sent opened by a check', async () => {
    const api = await createApi({ headers: { 'X-Tenant-Key': HEADER_VALUE, Accept: 'application/json' } });
    expect(api.headerNames).toEqual(['Accept', 'X-Tenant-Key']);
    const { rows } = await ctx.database.pool.query(
      'select headers::text as headers from apis where id = $1',
      [api.id],
    );
    expect(rows[0].headers).not.toContain(HEADER_VALUE);
    expect(rows[0].headers).toMatch(/"X-Tenant-Key": "v1\./);

    const responses = [
      (await admin.post('backend/apis/get', { id: api.id })).body,
      (await admin.post('backend/apis/get', {})).body,
      (await admin.patch('backend/apis/update', { id: api.id, checkInterval: 45 })).body,
      (await admin.post('backend/apis/check', { id: api.id })).body,
      (await admin.post('backend/apis/logs/get', { apiId: api.id })).body,
      (
        await admin.post('backend/apis/stats/get', {
          apiId: api.id,
          from: '2026-01-01T00:00:00Z',
          to: '2026-01-02T00:00:00Z',
        })
      ).body,
    ];
    for (const text of responses) expect(text).not.toContain(HEADER_VALUE);
    expect(home.requests.at(-1)?.headers['x-tenant-key']).toBe(HEADER_VALUE);
  });

  it('are replaced or removed one at a time on update, the others kept without retyping', async () => {
    const api = await createApi({ headers: { 'X-Tenant-Key': HEADER_VALUE, 'X-Site': 'oslo' } });
    const replaced = await admin.patch('backend/apis/update', {
      id: api.id,
      headers: { 'x-site': 'bergen', 'X-Tenant-Key': null },
    });
    expect(replaced.json().data.headerNames).toEqual(['x-site']);
    const added = await admin.patch('backend/apis/update', { id: api.id, headers: { 'X-Ny': 'verdi' } });
    expect(added.json().data.headerNames).toEqual(['X-Ny', 'x-site']);
    await check({ id: api.id });
    expect(home.requests.at(-1)?.headers).toMatchObject({ 'x-site': 'bergen', 'x-ny': 'verdi' });
    expect(home.requests.at(-1)?.headers['x-tenant-key']).toBeUndefined();
  });

  it('stored in plain text before sealing keep working, and the next start seals them', async () => {
    const api = await createApi({});
    await ctx.database.pool.query(`update apis set headers = '{"X-Gammel": "gammel-verdi"}' where id = $1`, [
      api.id,
    ]);
    await check({ id: api.id });
    expect(home.requests.at(-1)?.headers['x-gammel']).toBe('gammel-verdi');

    // A server started on this database (same SECRET_KEY) seals them before its first check.
    const database = connectDatabase(ctx.databaseUrl, 2);
    const restarted = await buildApp({
      config: testConfig(ctx.databaseUrl, env),
      db: database.db,
      databaseKind: 'external',
      logger: false,
    });
    await restarted.ready();
    await restarted.close();
    await database.close();
    const { rows } = await ctx.database.pool.query(
      'select headers::text as headers from apis where id = $1',
      [api.id],
    );
    expect(rows[0].headers).not.toContain('gammel-verdi');
    await check({ id: api.id });
    expect(home.requests.at(-1)?.headers['x-gammel']).toBe('gammel-verdi');
  });
});

describe('an update that moves the address', () => {
  it('refuses to keep a stored secret in use or a header until typed again or removed', async () => {
    const api = await createApi({ ...METHODS.apiKey.body, headers: { 'X-Tenant-Key': HEADER_VALUE } });
    const refused = await admin.patch('backend/apis/update', {
      id: api.id,
      endpointUrl: `${elsewhere.url}/s`,
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldMessages(refused.json())).toMatchObject({ apiKey: HINT, 'headers.X-Tenant-Key': HINT });

    const moved = await admin.patch('backend/apis/update', {
      id: api.id,
      endpointUrl: `${elsewhere.url}/s`,
      apiKey: API_KEY,
      headers: { 'X-Tenant-Key': null },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ hasApiKey: true, headerNames: [] });
    await check({ id: api.id });
    expect(elsewhere.requests.at(-1)?.headers['x-api-key']).toBe(API_KEY);
  });

  it('drops a stored secret the auth method does not use, and keeps everything on the same origin', async () => {
    const api = await createApi({ ...METHODS.apiKey.body });
    const samePlace = await admin.patch('backend/apis/update', { id: api.id, endpointUrl: `${home.url}/ny` });
    expect(samePlace.json().data.hasApiKey).toBe(true);
    const moved = await admin.patch('backend/apis/update', {
      id: api.id,
      authMethod: 'none',
      endpointUrl: `${elsewhere.url}/s`,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.hasApiKey).toBe(false);
  });
});
