import { createSimulator, type Simulator } from '@vaskedrift/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeRow, runCheck, wireLocation } from '../../../test/engine';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller } from '../../../test/locations';

/*
 * What the status engine takes from the system settings: the failure threshold of APIs without their own,
 * and how long the check log is kept (the readings tiers go the same way, `retention()` of the readings job).
 */
let sim: Simulator;
let ctx: TestContext;
let superadmin: ApiClient;

beforeAll(async () => {
  sim = await createSimulator({ locationCount: 1, baysPerLocation: 1, drift: false });
  ctx = await createTestApp({ ALLOW_LOOPBACK_TARGETS: 'true' });
  superadmin = await caller(ctx, 'superadmin');
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

describe('system settings in the status engine', () => {
  it('a failure threshold of 1 makes the first failed check count as the API down', async () => {
    const location = sim.locations[0];
    if (!location) throw new Error('ingen anlegg');
    const w = await wireLocation(superadmin, sim, location, { paths: ['temperature'] });
    await runCheck(ctx, w.apiId);
    const metricId = [...w.bayMetrics.values()][0] ?? '';
    expect((await attributeRow(ctx, metricId)).last_level).not.toBe('nodata');

    const saved = await superadmin.patch('backend/settings/update', { failureThreshold: 1 });
    expect(saved.statusCode).toBe(200);
    sim.control.setFault(location.id, { mode: 'http500' });
    await runCheck(ctx, w.apiId);
    expect((await attributeRow(ctx, metricId)).last_level).toBe('nodata');
    const api = await superadmin.post('backend/apis/get', { id: w.apiId });
    expect(api.json().data.health).toBe('down');
    sim.control.setFault(location.id, { mode: 'none' });
  });

  it('the check log is kept as long as the setting says', async () => {
    const { rows } = await ctx.database.pool.query('select id from apis limit 1');
    const apiId = rows[0].id;
    await ctx.database.pool.query(
      `insert into api_check_logs (api_id, started_at, source, outcome, duration_ms)
       values ($1, now() - interval '3 days', 'poll', 'ok', 5), ($1, now() - interval '1 day', 'poll', 'ok', 5)`,
      [apiId],
    );
    expect((await superadmin.patch('backend/settings/update', { checkLogRetentionDays: 2 })).statusCode).toBe(
      200,
    );
    await ctx.app.statusEngine.engine.runMaintenance();
    const left = await ctx.database.pool.query(
      `select count(*)::int as old from api_check_logs where api_id = $1 and started_at < now() - interval '2 days'`,
      [apiId],
    );
    expect(left.rows[0].old).toBe(0);
    const recent = await ctx.database.pool.query(
      `select count(*)::int as n from api_check_logs where api_id = $1 and started_at > now() - interval '2 days'`,
      [apiId],
    );
    expect(recent.rows[0].n).toBeGreaterThan(0);
  });
});
