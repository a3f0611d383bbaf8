import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestContext } from '../test/helpers';

let ctx: TestContext;
let webDist: string;
const BIG_SCRIPT = `const message = ${JSON.stringify('Vaskehall '.repeat(500))};\n`;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'vaskedrift-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="nb"><title>Vaskedrift</title></html>',
  );
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // As the web build leaves it: a precompressed copy beside the file.
  writeFileSync(path.join(webDist, 'assets', 'big-abc123.js'), BIG_SCRIPT);
  writeFileSync(path.join(webDist, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(path.join(webDist, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_SCRIPT));
  ctx = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('service status and API basics', () => {
  it('misc/fallback answers status, version and database kind without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/misc/fallback' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', version: expect.any(String), database: 'external' } });
  });

  it('an unknown /api path answers 404 in the error shape', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/backend/nothing/get' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'Fant ikke adressen',
      details: null,
      hint: null,
      code: 'misc/not-found',
    });
  });

  it('a protected route without a valid token answers 401 auth/invalid-token', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-jwt' }, { authorization: 'Basic abc' }]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/backend/logs/create',
        headers,
        payload: { type: 'users/login/auto' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'auth/invalid-token', details: null, hint: null });
    }
  });

  it('validation failures list each field with its Norwegian message and change nothing', async () => {
    const user = await createUser(ctx);
    const session = await signIn(ctx, user.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/backend/logs/create',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { type: 'users/admin/forged' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Ukjent loggtype',
      code: 'misc/validation',
      details: [{ path: 'type', message: 'Ukjent loggtype' }],
    });
    const { rows } = await ctx.database.pool.query(
      `select count(*)::int as n from logs where type = 'users/admin/forged'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('a signed-in browser logs a restored session as users/login/auto, about itself only', async () => {
    const user = await createUser(ctx);
    const session = await signIn(ctx, user.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/backend/logs/create',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { type: 'users/login/auto' },
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await ctx.database.pool.query(
      `select resource_id from logs where type = 'users/login/auto' and user_id = $1`,
      [user.id],
    );
    expect(rows).toEqual([{ resource_id: user.id }]);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/auth/v1/token',
        '/auth/v1/user',
        '/api/v1/misc/fallback',
        '/api/v1/backend/logs/create',
      ]),
    );
    // A uuid, a time and an e-mail address are described by their format, without zod's pattern beside it;
    // other patterns stay.
    const schemas: Array<Record<string, unknown>> = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node !== null && typeof node === 'object') {
        schemas.push(node as Record<string, unknown>);
        Object.values(node).forEach(walk);
      }
    };
    walk(doc.paths);
    const withFormat = schemas.filter((schema) =>
      ['uuid', 'date-time', 'email'].includes(schema.format as string),
    );
    expect(withFormat.length).toBeGreaterThan(100);
    expect(withFormat.filter((schema) => 'pattern' in schema)).toEqual([]);
    expect(schemas.some((schema) => typeof schema.pattern === 'string' && !('format' in schema))).toBe(true);
  });
});

describe('compression', () => {
  it('compresses an API answer above a kilobyte as the browser accepts, and leaves small ones', async () => {
    const large = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const decoded = JSON.parse(brotliDecompressSync(large.rawPayload).toString());
    expect(decoded.openapi).toMatch(/^3\./);
    expect(large.rawPayload.length).toBeLessThan(JSON.stringify(decoded).length / 3);

    const small = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/misc/fallback',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.status).toBe('ok');
  });

  it('does not inflate a compressed request body: it is refused as bad JSON and changes nothing', async () => {
    const user = await createUser(ctx);
    const session = await signIn(ctx, user.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/backend/logs/create',
      headers: {
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: gzipSync(JSON.stringify({ type: 'users/login/auto' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('web app', () => {
  it('answers client routes with index.html (SPA fallback) behind security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/locations/123/bays' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Vaskedrift');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed copy of an asset the browser can decode, and the file to one that cannot', async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await ctx.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/big-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('answers a missing file with 404, not index.html', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
  });
});
