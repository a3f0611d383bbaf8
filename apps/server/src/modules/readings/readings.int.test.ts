import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, createBay, createLocation } from '../../../test/facilities';
import { createTestApp, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
let admin: Caller;
let bayMetricId: string;
let series: number;

beforeAll(async () => {
  ctx = await createTestApp({ CHECKS_ENABLED: 'false' });
  admin = await caller(ctx, 'admin');
  const apiId = (
    await admin.post('backend/apis/create', { name: 'Kasse Lager', endpointUrl: 'http://10.0.0.9/s' })
  ).json().data.id;
  const apiMetricId = (
    await admin.post('backend/apis/metrics/create', {
      apiId,
      name: 'Trykk',
      description: 'Vanntrykk',
      keyIdentifier: 'id',
      targetKeys: 'bar',
    })
  ).json().data.id;
  const bayId = await createBay(admin, await createLocation(admin, { name: 'Lager Anlegg' }));
  bayMetricId = (
    await admin.post('backend/bays/metrics/create', {
      bayId,
      apiMetricId,
      keyValue: 'a',
      path: 'bar',
      type: 'number',
      operator: 'lt',
      thresholdCritical: '2',
      thresholdWarning: '4',
      thresholdInactive: '',
      thresholdActive: '100',
    })
  ).json().data.id;
  const { rows } = await ctx.database.pool.query('select series from bay_metrics where id = $1', [
    bayMetricId,
  ]);
  series = rows[0].series;
});
afterAll(() => ctx?.close());

const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);

describe('readings rollup and retention', () => {
  it('rolls raw readings up per minute and per hour (min, max, average, count, worst level), once', async () => {
    // Two hours and a half of history: one reading each 30 s, pressure 5 to 6, one dip to 3 (warning).
    await q(
      `insert into readings (series, read_at, value, level)
       select $1, date_trunc('hour', now()) - interval '150 minutes' + n * interval '30 seconds',
         case when n = 7 then 3 else 5 + (n % 2) end, case when n = 7 then 3 else 0 end
       from generate_series(0, 299) n`,
      [series],
    );
    await q(
      `insert into readings_rollup_state (tier, done_until) values ('minute', date_trunc('hour', now()) - interval '3 hours'), ('hour', date_trunc('hour', now()) - interval '3 hours')`,
    );
    const engine = ctx.app.statusEngine.engine;
    let report = await engine.runMaintenance();
    for (let i = 0; i < 20 && report?.behind; i++) report = await engine.runMaintenance();
    const minutes = await q(
      `select count(*)::int as n, min(count)::int as least, max(count)::int as most from readings_minute where series = $1`,
      [series],
    );
    expect(minutes.rows[0]).toEqual({ n: 150, least: 2, most: 2 });
    const dip = await q(`select min, max, avg, worst from readings_minute where series = $1 and worst > 0`, [
      series,
    ]);
    expect(dip.rows).toEqual([{ min: 3, max: 5, avg: 4, worst: 3 }]);
    const hours = await q(
      `select bucket, count, min, max, worst from readings_hour where series = $1 order by bucket`,
      [series],
    );
    // Half an hour (with the dip), then two whole hours, all before the current hour.
    expect(hours.rows.map((r) => [r.count, r.min, r.max, r.worst])).toEqual([
      [60, 3, 6, 3],
      [120, 5, 6, 0],
      [120, 5, 6, 0],
    ]);
    // Running again writes nothing twice.
    await engine.runMaintenance();
    expect(
      (await q('select count(*)::int as n from readings_hour where series = $1', [series])).rows[0].n,
    ).toBe(3);
  });

  it('answers chart points from the finest tier kept, at most maxPoints', async () => {
    const from = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const res = await admin.post('backend/bays/metrics/readings/get', { bayMetricId, from, maxPoints: 100 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.resolution).toBe('raw');
    expect(body.count).toBeLessThanOrEqual(100);
    expect(body.bucketSeconds).toBeGreaterThanOrEqual(108);
    expect(body.data.some((p: { level: string }) => p.level === 'warning')).toBe(true);
    const old = await admin.post('backend/bays/metrics/readings/get', {
      bayMetricId,
      from: new Date(Date.now() - 20 * 86_400_000).toISOString(),
    });
    expect(old.json()).toMatchObject({ resolution: 'hour', bucketSeconds: 3600, count: 3 });
  });

  it('deletes what is past its retention', async () => {
    await q(
      `insert into readings (series, read_at, value, level) values ($1, now() - interval '3 days', 1, 0)`,
      [series],
    );
    await q(
      `insert into readings_minute (series, bucket, count, worst) values ($1, now() - interval '15 days', 1, 0)`,
      [series],
    );
    await q(
      `insert into readings_hour (series, bucket, count, worst) values ($1, now() - interval '400 days', 1, 0)`,
      [series],
    );
    const report = await ctx.app.statusEngine.engine.runMaintenance();
    expect(report?.pruned).toMatchObject({ readings: 1, readingsMinute: 1, readingsHour: 1 });
  });

  it('lets one instance at a time do it (advisory lock)', async () => {
    const client = await ctx.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock(727101)');
      expect(await ctx.app.statusEngine.engine.runMaintenance()).toBeNull();
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(await ctx.app.statusEngine.engine.runMaintenance()).not.toBeNull();
  });
});
