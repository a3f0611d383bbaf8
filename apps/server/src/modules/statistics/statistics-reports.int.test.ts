import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import {
  type ApiClient,
  caller,
  createBay,
  createLocation,
  grantAccess,
  unknownId,
} from '../../../test/locations';
import { H, range, type StatisticsSetting, statisticsSetting } from '../../../test/statistics';
import { setPeriods } from '../../../test/status-periods';
import { availabilityCsv } from './availability-csv';
import { createStatisticsService } from './statistics.service';

/** API statistics, access and the availability report on the two facilities of test/statistics.ts. */
let ctx: TestContext;
let admin: ApiClient;
let operator: ApiClient;
let a: StatisticsSetting['a'];
let b: StatisticsSetting['b'];

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, operator, a, b } = await statisticsSetting(ctx));
});
afterAll(() => ctx.close());

describe('API statistics', () => {
  it('answers checks per hour, p50/p95 from the latency histogram and failures by reason', async () => {
    // 100 checks: 40 took 25–50 ms, 50 took 50–100 ms, 10 took 500 ms up to the hour's maximum of 900 ms.
    await ctx.database.pool.query(
      `insert into api_check_stats (api_id, hour, checks, failures, duration_sum_ms, duration_max_ms,
         duration_histogram)
       values ($1, '2026-01-01T10:00:00Z', 100, 4, 12000, 900, '{0,0,0,40,50,0,0,10,0,0,0,0}')`,
      [a.apiId],
    );
    for (const [code, error, at] of [
      ['http/503', 'Svarte med HTTP 503', '2026-01-01T10:01:00Z'],
      ['response/invalid-json', 'Svaret er ikke gyldig JSON', '2026-01-01T10:02:00Z'],
      ['http/503', 'Svarte med HTTP 503', '2026-01-01T10:03:00Z'],
      ['http/503', 'Svarte med HTTP 503', '2026-01-01T10:04:00Z'],
    ]) {
      await ctx.database.pool.query(
        `insert into api_check_logs (api_id, started_at, outcome, duration_ms, error, error_code)
         values ($1, $2, 'error', 10, $3, $4)`,
        [a.apiId, at, error, code],
      );
    }
    const res = await operator.post('backend/apis/stats/get', {
      apiId: a.apiId,
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-02T00:00:00Z',
    });
    expect(res.statusCode).toBe(200);
    const stats = res.json().data;
    expect(stats.api).toEqual({ id: a.apiId, name: 'Kasse A' });
    expect(stats.bucketSeconds).toBe(3600);
    expect(stats.points).toEqual([
      {
        at: '2026-01-01T10:00:00.000Z',
        checks: 100,
        failures: 4,
        successRate: 96,
        averageMs: 120,
        // rank 50 is the 10th of 50 in 50–100 ms; rank 95 the 5th of 10 in 500 ms–900 ms (the maximum)
        p50Ms: 60,
        p95Ms: 700,
        maxMs: 900,
      },
    ]);
    expect(stats.totals).toEqual({ checks: 100, failures: 4, successRate: 96, p50Ms: 60, p95Ms: 700 });
    expect(stats.failuresByReason).toEqual([
      { errorCode: 'http/503', message: 'Svarte med HTTP 503', count: 3 },
      { errorCode: 'response/invalid-json', message: 'Svaret er ikke gyldig JSON', count: 1 },
    ]);

    // Over 1,000 hours a point holds two hours, so a series keeps at most 1,000 points.
    const long = (
      await operator.post('backend/apis/stats/get', {
        apiId: a.apiId,
        from: '2025-11-15T00:00:00Z',
        to: '2026-01-15T00:00:00Z',
      })
    ).json().data;
    expect(long.bucketSeconds).toBe(7200);
    expect(long.points).toEqual([expect.objectContaining({ at: '2026-01-01T10:00:00.000Z', p95Ms: 700 })]);
  });
});

describe('access', () => {
  it("answers 404 to an operator of A for B's bay, facility and API, as for ids that do not exist", async () => {
    for (const [path, body, message] of [
      ['backend/bays/stats/get', { bayId: b.bayId }, 'Fant ikke vaskehallen'],
      ['backend/bays/stats/get', { bayId: unknownId() }, 'Fant ikke vaskehallen'],
      ['backend/locations/stats/get', { locationId: b.locationId }, 'Fant ikke anlegget'],
      ['backend/apis/stats/get', { apiId: b.apiId }, 'Fant ikke API-et'],
      ['backend/reports/availability/get', { locationIds: [b.locationId] }, 'Fant ikke anlegget'],
      [
        'backend/reports/availability/export',
        { locationIds: [a.locationId, b.locationId] },
        'Fant ikke anlegget',
      ],
    ] as const) {
      const res = await operator.post(path, { ...body, ...range });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message, path).toBe(message);
    }
    expect(
      (await admin.post('backend/locations/stats/get', { locationId: b.locationId, ...range })).statusCode,
    ).toBe(200);
    // The read-only role reads the statistics of its facilities too.
    const user = await caller(ctx, 'user');
    await grantAccess(ctx, user.user.id, a.locationId);
    expect((await user.post('backend/bays/stats/get', { bayId: a.bayId, ...range })).statusCode).toBe(200);
    expect((await user.post('backend/bays/stats/get', { bayId: b.bayId, ...range })).statusCode).toBe(404);
  });

  it('reports only the facilities the caller sees, with the chain total', async () => {
    const res = await operator.post('backend/reports/availability/get', { locationIds: [], ...range });
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report.rows.map((row: { locationId: string }) => row.locationId)).toEqual([
      a.locationId,
      a.locationId,
    ]);
    expect(report.rows.map((row: { bayName: string }) => row.bayName)).toEqual(['Hall Ny', 'Hall Borte']);
    expect(report.total).toMatchObject({
      downtimeSeconds: 11 * H,
      availability: 78,
      failures: 3,
      warnings: 1,
    });
    const everything = (
      await admin.post('backend/reports/availability/get', { locationIds: [], ...range })
    ).json();
    expect(everything.data.rows.some((row: { bayId: string }) => row.bayId === b.bayId)).toBe(true);
  });
});

describe('availability report as CSV', () => {
  it('is UTF-8 with BOM, semicolons, decimal commas, Norwegian headers, one row per bay and the total', async () => {
    const res = await operator.post('backend/reports/availability/export', {
      locationIds: [a.locationId],
      ...range,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="tilgjengelighet-2026-01-01-2026-01-03.csv"',
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const location = (await admin.post('backend/locations/get', { id: a.locationId })).json().data.name;
    expect(lines).toEqual([
      'Anlegg;Vaskehall;Tilgjengelighet (%);Nedetid (timer);Antall feil;Antall advarsler;MTTR (minutter);Vedlikehold (timer);Vask;Forventede vask;Tapte vask;Uvanlige verdier',
      `${location};Hall Ny;88,10;5,00;2;1;120,0;1,50;;;;`,
      `${location};Hall Borte (slettet);25,00;6,00;1;0;;0,00;;;;`,
      'Totalt;;78,00;11,00;3;1;120,0;1,50;;;;',
    ]);
  });

  it('is written facility batch by facility batch, the same file as the report in one piece', async () => {
    // More facilities than one batch of the streamed CSV (25), each with a bay down for a different time.
    for (let i = 1; i <= 30; i++) {
      const locationId = await createLocation(admin, { name: `Batch ${String(i).padStart(2, '0')}` });
      const bayId = await createBay(admin, locationId, { name: `Hall ${i}` });
      await setPeriods(ctx, bayId, [
        ['operational', '2026-01-01T00:00:00+01:00', '2026-01-01T12:00:00+01:00'],
        ['error', '2026-01-01T12:00:00+01:00', `2026-01-01T12:${String(i).padStart(2, '0')}:00+01:00`],
        ['operational', `2026-01-01T12:${String(i).padStart(2, '0')}:00+01:00`, null],
      ]);
    }
    const report = (
      await admin.post('backend/reports/availability/get', { locationIds: [], ...range })
    ).json().data;
    const res = await admin.post('backend/reports/availability/export', { locationIds: [], ...range });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(availabilityCsv(report));
    const lines = res.body.trimEnd().split('\r\n');
    // Header, A's two bays, B's, the 30 by name, the total.
    expect(lines).toHaveLength(1 + report.rows.length + 1);
    expect(lines.filter((line) => line.startsWith('Batch '))).toHaveLength(30);
    expect(lines.at(-1)?.startsWith('Totalt;;')).toBe(true);
  });

  it('reads every batch from the snapshot of its start, on two connections, while the history changes', async () => {
    // The 33 facilities of the test before: two batches, the second read on a second connection.
    const input = { locationIds: [], ...range };
    const report = (await admin.post('backend/reports/availability/get', input)).json().data;
    const {
      rows: [changed],
    } = await ctx.database.pool.query<{ id: string }>(
      `select b.id from bays b join locations l on l.id = b.location_id where l.name = 'Batch 30'`,
    );
    const statistics = createStatisticsService({
      db: ctx.database.db,
      log: ctx.app.log,
      statementTimeoutMs: 10_000,
    });
    const csv = await statistics.reportCsv({ userId: unknownId(), role: 'admin' }, input);
    let file = '';
    await csv.writeTo(async (text) => {
      // While the header is written, after the file's snapshot and before any batch is read: down all day.
      if (file === '')
        await setPeriods(ctx, changed?.id ?? '', [['error', '2026-01-01T00:00:00+01:00', null]]);
      file += text;
    });
    expect(file).toBe(availabilityCsv(report));
    // The change is there for a read begun after it.
    const after = (await admin.post('backend/reports/availability/export', input)).body;
    const line = (body: string) => body.split('\r\n').find((l) => l.startsWith('Batch 30;'));
    expect(line(after)).not.toBe(line(file));
  });
});
