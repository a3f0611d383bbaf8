import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller } from '../../../test/locations';
import { numberAttribute } from '../../../test/readings';
import { decodeRollup, encodeRollup } from './rollup-codec';

let ctx: TestContext;
let admin: ApiClient;
let bayMetricId: string;
let series: number;
let apiKey: number;

beforeAll(async () => {
  ctx = await createTestApp({ READINGS_RAW_RETENTION_HOURS: '6' });
  admin = await caller(ctx, 'admin');
  ({ bayMetricId, series, apiKey } = await numberAttribute(ctx, admin, {
    name: 'Trykk',
    path: 'bar',
    operator: 'lt',
    critical: '2',
    warning: '4',
    active: '100',
  }));
});
afterAll(() => ctx?.close());

const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);
/** Midnight UTC `days` days ago, in SQL. */
const daysAgo = (days: number) =>
  `((date_trunc('day', now() at time zone 'UTC') - interval '${days} days') at time zone 'UTC')`;
/** Raw rows of this test's one series (a row per check) at the times of `at` (SQL over n). */
const insertRaw = (at: string, value: string, level: string, n: string) =>
  q(
    `insert into readings (read_at, api, series, value, level)
     select ${at}, $1, array[$2::int], array[(${value})::real], set_byte(decode('00', 'hex'), 0, ${level})
     from generate_series(${n}) n`,
    [apiKey, series],
  );
const partitions = async (table: string) =>
  (
    await q(
      `select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = $1::regclass order by 1`,
      [table],
    )
  ).rows.map((r) => r.relname as string);
/** This test's series in a rollup tier, decoded: a row per hour (day) with its entries. */
const tier = async (table: 'readings_minute' | 'readings_hour') =>
  (await q(`select bucket, data from ${table} where api = $1 order by bucket`, [apiKey])).rows.map((r) => ({
    bucket: r.bucket as Date,
    entries: decodeRollup(r.data).get(series) ?? [],
  }));
const maintain = async () => {
  const engine = ctx.app.statusEngine.engine;
  let report = await engine.runMaintenance();
  for (let i = 0; i < 30 && report?.behind; i++) report = await engine.runMaintenance();
  return report;
};

describe('readings rollup and retention', () => {
  it('rolls raw readings up per minute and per hour (min, max, average, count, worst level), once', async () => {
    // Two days ago 10:00–12:30 UTC, one reading each 30 s, pressure 5 and 6 in turn, one dip to 3 (warning).
    await insertRaw(
      `${daysAgo(2)} + interval '10 hours' + n * interval '30 seconds'`,
      'case when n = 7 then 3 else 5 + (n % 2) end',
      'case when n = 7 then 3 else 0 end',
      '0, 299',
    );
    await q(
      `insert into readings_rollup_state (tier, done_until)
       values ('minute', ${daysAgo(2)} + interval '10 hours'), ('hour', ${daysAgo(2)})`,
    );
    await maintain();
    const minutes = await tier('readings_minute');
    expect(minutes.map((r) => [new Date(r.bucket).getUTCHours(), r.entries.length])).toEqual([
      [10, 60],
      [11, 60],
      [12, 30],
    ]);
    expect(minutes.every((r) => r.entries.every((e) => e.count === 2))).toBe(true);
    expect(minutes[0]?.entries.slice(0, 5).map((e) => e.slot)).toEqual([0, 1, 2, 3, 4]);
    expect(minutes[0]?.entries[3]).toMatchObject({ min: 3, max: 5, avg: 4, worst: 3 });
    const hours = await tier('readings_hour');
    expect(hours.map((r) => r.entries.map((e) => [e.slot, e.count, e.min, e.max, e.worst]))).toEqual([
      [
        [10, 120, 3, 6, 3],
        [11, 120, 5, 6, 0],
        [12, 60, 5, 6, 0],
      ],
    ]);
    // One row per API and hour (day), its series packed in it.
    expect((await q('select api from readings_minute')).rows.every((r) => r.api === apiKey)).toBe(true);
    // Running again writes nothing twice; the raw partition of that day is past the (6 h) retention: dropped.
    await maintain();
    expect((await tier('readings_minute')).length).toBe(3);
    expect((await q('select count(*)::int as n from readings')).rows[0].n).toBe(0);
  });

  it('answers chart points from the finest tier kept, at most maxPoints', async () => {
    const day = new Date(`${new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`);
    const from = new Date(day.getTime() + 9 * 3_600_000).toISOString();
    const to = new Date(day.getTime() + 13 * 3_600_000).toISOString();
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
    // Raw: 7 stored five minutes ago holds until now (the heartbeat is 30 minutes).
    await insertRaw(`now() - interval '5 minutes'`, '7', '0', '1, 1');
    const raw = await admin.post('backend/bays/metrics/readings/get', {
      bayMetricId,
      from: new Date(Date.now() - 3_600_000).toISOString(),
      maxPoints: 62,
    });
    expect(raw.json()).toMatchObject({ resolution: 'raw', bucketSeconds: 60 });
    const points = raw.json().data;
    expect(points.length).toBeGreaterThanOrEqual(5);
    expect(points[0]).toMatchObject({ min: 7, max: 7, avg: 7, count: 1, level: 'active' });
    expect(points.slice(1).every((p: { min: number; count: number }) => p.min === 7 && p.count === 0)).toBe(
      true,
    );
  });

  it('drops whole partitions past retention, keeps the others, and files rows of a missing partition', async () => {
    // The partitions as of today: a run that crosses midnight UTC made the earlier ones on the day before,
    // and the rows of the tests above may sit in a default partition until maintenance files them.
    await maintain();
    const inDefault = (await q('select count(*)::int as n from readings_default')).rows[0].n as number;
    await insertRaw(`${daysAgo(3)} + interval '1 hour'`, '1', '0', '1, 1');
    await insertRaw(`now() + interval '20 days'`, '2', '0', '1, 1');
    const data = Buffer.from(
      encodeRollup([
        {
          series,
          deadband: 0.005,
          entries: [{ slot: 0, min: 1, max: 1, avg: 1, count: 1, worst: 0, text: null }],
        },
      ]),
    );
    await q(`insert into readings_minute (api, bucket, data) values ($1, now() - interval '20 days', $2)`, [
      apiKey,
      data,
    ]);
    await q(`insert into readings_hour (api, bucket, data) values ($1, now() - interval '400 days', $2)`, [
      apiKey,
      data,
    ]);
    // None of these has a partition yet: the default partitions took them.
    expect((await q('select count(*)::int as n from readings_default')).rows[0].n).toBe(inDefault + 2);
    const before = await partitions('readings');
    const report = await maintain();
    const dayName = (days: number) =>
      `readings_p${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '')}`;
    expect(report?.pruned?.partitions).toContain(dayName(-3));
    expect(report?.pruned?.partitions.some((p) => p.startsWith('readings_minute_p'))).toBe(true);
    expect(report?.pruned?.partitions.some((p) => p.startsWith('readings_hour_p'))).toBe(true);
    const after = await partitions('readings');
    expect(after).not.toContain(dayName(-3));
    expect(after).toEqual(expect.arrayContaining([dayName(0), dayName(1), dayName(2), dayName(20)]));
    expect(before).toContain(dayName(0));
    // The future row left the default partition for its own; the readings of today are intact.
    expect((await q('select count(*)::int as n from readings_default')).rows[0].n).toBe(0);
    expect((await q(`select count(*)::int as n from ${dayName(20)}`)).rows[0].n).toBe(1);
    expect((await q(`select count(*)::int as n from ${dayName(0)}`)).rows[0].n).toBe(1);
    expect((await q('select count(*)::int as n from readings_minute_default')).rows[0].n).toBe(0);
    expect((await q('select count(*)::int as n from readings_hour_default')).rows[0].n).toBe(0);
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
