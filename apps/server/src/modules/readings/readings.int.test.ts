import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, caller, createBay, createLocation } from '../../../test/facilities';
import { createTestApp, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
let admin: ApiClient;
let bayMetricId: string;
let series: number;

beforeAll(async () => {
  ctx = await createTestApp({ READINGS_RAW_RETENTION_HOURS: '6' });
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
/** Yesterday 00:00 UTC, in SQL. */
const YESTERDAY = `((date_trunc('day', now() at time zone 'UTC') - interval '1 day') at time zone 'UTC')`;

describe('readings rollup and retention', () => {
  it('rolls raw readings up per minute and per hour (min, max, average, count, worst level), once', async () => {
    // Yesterday 10:00–12:30 UTC, one reading each 30 s, pressure 5 and 6 in turn, one dip to 3 (warning).
    await q(
      `insert into readings (series, read_at, value, level)
       select $1, ${YESTERDAY} + interval '10 hours' + n * interval '30 seconds',
         case when n = 7 then 3 else 5 + (n % 2) end, case when n = 7 then 3 else 0 end
       from generate_series(0, 299) n`,
      [series],
    );
    await q(
      `insert into readings_rollup_state (tier, done_until)
       values ('minute', ${YESTERDAY} + interval '10 hours'), ('hour', ${YESTERDAY})`,
    );
    const engine = ctx.app.statusEngine.engine;
    let report = await engine.runMaintenance();
    for (let i = 0; i < 20 && report?.behind; i++) report = await engine.runMaintenance();
    const minutes = await q(
      `select extract(hour from bucket at time zone 'UTC')::int as hour, cardinality(slots) as entries,
         count, slots[1:5] as first_slots, min[4] as min, max[4] as max, avg[4] as avg, worst[4] as worst
       from readings_minute where series = $1 order by bucket`,
      [series],
    );
    expect(minutes.rows.map((r) => [r.hour, r.entries])).toEqual([
      [10, 60],
      [11, 60],
      [12, 30],
    ]);
    expect(minutes.rows.every((r) => r.count.every((c: number) => c === 2))).toBe(true);
    expect(minutes.rows[0]).toMatchObject({ first_slots: [0, 1, 2, 3, 4], min: 3, max: 5, avg: 4, worst: 3 });
    const hours = await q(`select slots, count, min, max, worst from readings_hour where series = $1`, [
      series,
    ]);
    expect(hours.rows).toEqual([
      { slots: [10, 11, 12], count: [120, 120, 60], min: [3, 5, 5], max: [6, 6, 6], worst: [3, 0, 0] },
    ]);
    // Running again writes nothing twice; the raw readings are past their (6 h) retention by now.
    await engine.runMaintenance();
    expect(
      (await q('select count(*)::int as n from readings_minute where series = $1', [series])).rows[0].n,
    ).toBe(3);
    expect((await q('select count(*)::int as n from readings where series = $1', [series])).rows[0].n).toBe(
      0,
    );
  });

  it('answers chart points from the finest tier kept, at most maxPoints', async () => {
    const yesterday = new Date(`${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`);
    const from = new Date(yesterday.getTime() + 9 * 3_600_000).toISOString();
    const to = new Date(yesterday.getTime() + 13 * 3_600_000).toISOString();
    const minute = (
      await admin.post('backend/bays/metrics/readings/get', { bayMetricId, from, to, maxPoints: 100 })
    ).json();
    expect(minute).toMatchObject({ resolution: 'minute', bucketSeconds: 180 });
    expect(minute.count).toBe(50);
    expect(minute.data[1]).toMatchObject({ min: 3, max: 6, count: 6, level: 'warning' });
    const old = await admin.post('backend/bays/metrics/readings/get', {
      bayMetricId,
      from: new Date(Date.now() - 20 * 86_400_000).toISOString(),
    });
    expect(old.json()).toMatchObject({ resolution: 'hour', bucketSeconds: 3600, count: 3 });
    await q(
      `insert into readings (series, read_at, value, level) values ($1, now() - interval '5 minutes', 7, 0)`,
      [series],
    );
    const raw = await admin.post('backend/bays/metrics/readings/get', {
      bayMetricId,
      from: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(raw.json()).toMatchObject({
      resolution: 'raw',
      count: 1,
      data: [{ min: 7, max: 7, avg: 7, count: 1 }],
    });
  });

  it('deletes what is past its retention', async () => {
    await q(
      `insert into readings (series, read_at, value, level) values ($1, now() - interval '3 days', 1, 0)`,
      [series],
    );
    const row = `array[0]::int2[], array[1]::real[], array[1]::real[], array[1]::real[], array[1], array[0]::int2[]`;
    await q(
      `insert into readings_minute (series, bucket, slots, min, max, avg, count, worst) values ($1, now() - interval '15 days', ${row})`,
      [series],
    );
    await q(
      `insert into readings_hour (series, bucket, slots, min, max, avg, count, worst) values ($1, now() - interval '400 days', ${row})`,
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
