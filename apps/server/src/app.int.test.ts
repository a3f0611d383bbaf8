import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestContext } from '../test/helpers';

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'vaskedrift-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="nb"><title>Vaskedrift</title></html>',
  );
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
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

  it('answers a missing file with 404, not index.html', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
  });
});
