import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeRow, bayStatus, checkLogs } from '../../../test/engine';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, createBay, createLocation } from '../../../test/locations';

let ctx: TestContext;
let admin: ApiClient;
let api: { id: string; pushPath: string };
let bayId: string;
let bayMetricId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  // Polling a controller that is not there: only pushes bring values.
  api = (
    await admin.post('backend/apis/create', {
      name: 'Kasse Push',
      endpointUrl: 'http://10.255.255.1/status',
      checkInterval: 3600,
      details: { recordsPath: 'data.bays' },
    })
  ).json().data;
  await ctx.database.pool.query(`update apis set next_check_at = now() + interval '1 hour' where id = $1`, [
    api.id,
  ]);
  const metric = (
    await admin.post('backend/apis/metrics/create', {
      apiId: api.id,
      name: 'Temperatur',
      description: 'Vanntemperatur',
      keyIdentifier: 'id',
      targetKeys: 'temp, door',
    })
  ).json().data;
  expect(metric.targetKeys).toEqual(['temp', 'door']);
  const locationId = await createLocation(admin, { name: 'Push Anlegg' });
  bayId = await createBay(admin, locationId, { name: 'Push Hall' });
  bayMetricId = (
    await admin.post('backend/bays/metrics/create', {
      bayId,
      apiMetricId: metric.id,
      keyValue: 'hall-1',
      path: 'temp',
      type: 'number',
      operator: 'gt',
      thresholdCritical: '90',
      thresholdWarning: '70',
      thresholdInactive: '',
      thresholdActive: '0',
    })
  ).json().data.id;
});
afterAll(() => ctx?.close());

const push = (body: string, path = api.pushPath, contentType = 'application/json') =>
  ctx.app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': contentType } });

describe('push instead of poll', () => {
  it('gives admins the secret push path, under /api/v1/push/', () => {
    expect(api.pushPath).toMatch(/^\/api\/v1\/push\/[A-Za-z0-9_-]{32}$/);
  });

  it('processes a pushed body exactly like a polled one, without a token of a user', async () => {
    const res = await push(JSON.stringify({ data: { bays: [{ id: 'hall-1', temp: 95 }] } }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ records: 1, attributes: 1 });
    await ctx.app.bus.drain();
    expect((await attributeRow(ctx, bayMetricId)).last_level).toBe('critical');
    expect(await bayStatus(ctx, bayId)).toBe('error');
    expect((await checkLogs(ctx, api.id)).at(-1)).toMatchObject({ outcome: 'ok', source: 'push' });
  });

  it('accepts any content type (a controller may send text/plain)', async () => {
    const res = await push(
      JSON.stringify({ data: { bays: [{ id: 'hall-1', temp: 40 }] } }),
      api.pushPath,
      'text/plain',
    );
    expect(res.statusCode).toBe(200);
    await ctx.app.bus.drain();
    expect(await bayStatus(ctx, bayId)).toBe('operational');
  });

  it('counts invalid JSON as a failed check, with the reason in the log', async () => {
    const res = await push('{"data": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Svaret er ikke gyldig JSON');
    expect((await checkLogs(ctx, api.id)).at(-1)).toMatchObject({
      outcome: 'error',
      source: 'push',
      error: 'Svaret er ikke gyldig JSON',
    });
    const { rows } = await ctx.database.pool.query('select consecutive_failures from apis where id = $1', [
      api.id,
    ]);
    expect(rows[0].consecutive_failures).toBeGreaterThanOrEqual(1);
  });

  it('refuses an unknown token, a disabled API and a body over 5 MB', async () => {
    expect((await push('{}', '/api/v1/push/finnes-ikke-finnes-ikke-0123')).statusCode).toBe(404);
    const huge = await push(`{"x":"${'a'.repeat(5 * 1024 * 1024)}"}`);
    expect(huge.statusCode).toBe(413);
    await admin.patch('backend/apis/update', { id: api.id, status: 'disabled' });
    const disabled = await push('{}');
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().message).toBe('API-et er deaktivert');
    await admin.patch('backend/apis/update', { id: api.id, status: 'enabled' });
  });

  it('stops the old push path when the token is rotated', async () => {
    const rotated = (await admin.patch('backend/apis/update', { id: api.id, rotatePushToken: true })).json()
      .data;
    expect(rotated.pushPath).not.toBe(api.pushPath);
    expect((await push('{"data":{"bays":[]}}')).statusCode).toBe(404);
    expect((await push('{"data":{"bays":[]}}', rotated.pushPath)).statusCode).toBe(200);
  });
});
