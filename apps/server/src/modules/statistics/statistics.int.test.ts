import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  caller,
  createBay,
  createLocation,
  fieldMessages,
  grantAccess,
  unknownId,
} from '../../../test/facilities';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { setPeriods } from '../../../test/status-periods';

/*
 * Statistics and the availability report (docs/domain.md, Figures) over status periods, alerts, jobs and
 * check statistics written by hand, so every figure is known to the second. Two facilities: A, granted
 * to the operator, with a bay created mid-range and a bay deleted mid-range; B, granted to nobody.
 */
let ctx: TestContext;
let admin: ApiClient;
let operator: ApiClient;
const a = { locationId: '', bayId: '', deletedBayId: '', apiId: '' };
const b = { locationId: '', bayId: '', apiId: '' };

/** Two days in Norwegian time: 2026-01-01 and 2026-01-02 (UTC+1). */
const range = { from: '2026-01-01T00:00:00+01:00', to: '2026-01-03T00:00:00+01:00' };
const H = 3600;

async function insertAlert(
  bayId: string,
  locationId: string,
  level: string,
  openedAt: string,
  resolvedAt: string,
) {
  await ctx.database.pool.query(
    `insert into alerts (bay_id, location_id, attribute_name, level, opened_at, resolved_at)
     values ($1, $2, 'Trykk', $3, $4, $5)`,
    [bayId, locationId, level, openedAt, resolvedAt],
  );
}

/** An API connection with an attribute bound to `bayId` (number, `gt`, warning 80, critical 90,5). */
async function apiFeeding(bayId: string, name: string): Promise<string> {
  const res = await admin.post('backend/apis/create', { name, endpointUrl: 'http://10.0.0.5/s' });
  const apiId = res.json().data.id as string;
  const { rows } = await ctx.database.pool.query(
    `insert into api_metrics (api_id, name, description, key_identifier) values ($1, 'Trykk', 'Trykk i pumpa', 'id')
     returning id`,
    [apiId],
  );
  await ctx.database.pool.query(
    `insert into bay_metrics (bay_id, api_metric_id, key_value, path, type, operator, threshold_active,
       threshold_warning, threshold_critical, threshold_inactive)
     values ($1, $2, 'hall1', 'trykk', 'number', 'gt', '', '80', '90,5', '')`,
    [bayId, rows[0].id],
  );
  return apiId;
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  operator = await caller(ctx, 'operator');

  a.locationId = await createLocation(admin);
  await grantAccess(ctx, operator.user.id, a.locationId);
  // Created at 06:00 on the first day: counts from then.
  a.bayId = await createBay(admin, a.locationId, { name: 'Hall Ny' });
  await setPeriods(ctx, a.bayId, [
    ['operational', '2026-01-01T05:00:00Z', '2026-01-01T10:00:00Z'],
    ['error', '2026-01-01T10:00:00Z', '2026-01-01T11:00:00Z'],
    ['maintenance', '2026-01-01T11:00:00Z', '2026-01-01T12:00:00Z'],
    ['operational', '2026-01-01T12:00:00Z', '2026-01-02T08:00:00Z'],
    ['warning', '2026-01-02T08:00:00Z', '2026-01-02T09:00:00Z'],
    ['operational', '2026-01-02T09:00:00Z', '2026-01-02T20:00:00Z'],
    // Still open: runs until now, so it counts until the end of the range.
    ['error', '2026-01-02T20:00:00Z', null],
  ]);
  // The job began during the error, half an hour before the bay showed maintenance.
  await ctx.database.pool.query(
    `insert into maintenance_jobs (bay_id, type, custom_assignee, reminder_hours, reminder_minutes, started_at,
       ended_at, enabled_by, status_before)
     values ($1, 'service', '{"name": "Ola Nordmann", "email": "ola@example.no", "phone": "+4790000000"}', 1, 0,
       '2026-01-01T10:30:00Z', '2026-01-01T12:00:00Z', $2, 'error')`,
    [a.bayId, operator.user.id],
  );
  await insertAlert(a.bayId, a.locationId, 'critical', '2026-01-01T10:00:00Z', '2026-01-01T12:30:00Z');
  await insertAlert(a.bayId, a.locationId, 'warning', '2025-12-01T10:00:00Z', '2025-12-02T10:00:00Z');

  // Deleted at 07:00 on the first day, after six hours of error: its downtime still counts.
  a.deletedBayId = await createBay(admin, a.locationId, { name: 'Hall Borte' });
  await setPeriods(ctx, a.deletedBayId, [
    ['operational', '2025-12-31T20:00:00Z', '2026-01-01T01:00:00Z'],
    ['error', '2026-01-01T01:00:00Z', '2026-01-01T07:00:00Z'],
  ]);
  await ctx.database.pool.query(`update bays set deleted_at = '2026-01-01T07:00:00Z' where id = $1`, [
    a.deletedBayId,
  ]);
  await insertAlert(a.deletedBayId, a.locationId, 'warning', '2026-01-01T02:00:00Z', '2026-01-01T07:00:00Z');
  a.apiId = await apiFeeding(a.bayId, 'Kasse A');

  b.locationId = await createLocation(admin);
  b.bayId = await createBay(admin, b.locationId, { name: 'Hall B' });
  await setPeriods(ctx, b.bayId, [['operational', '2025-12-01T00:00:00Z', null]]);
  b.apiId = await apiFeeding(b.bayId, 'Kasse B');
});
afterAll(() => ctx.close());

const hallNy = {
  observedSeconds: 42 * H,
  // error 1 h + maintenance 1 h + the open error 3 h; the warning hour is available
  downtimeSeconds: 5 * H,
  operatingSeconds: 36 * H,
  availability: 88.1,
  failures: 3,
  // repaired after 2 h and 1 h; the third is not repaired
  mttrSeconds: 1.5 * H,
  mtbfSeconds: 12 * H,
  jobs: 1,
  maintenanceSeconds: 1.5 * H,
};

describe('bay statistics', () => {
  it('computes availability, MTTR and MTBF for a bay created mid-range with a period still open', async () => {
    const res = await operator.post('backend/bays/stats/get', { bayId: a.bayId, ...range });
    expect(res.statusCode).toBe(200);
    const stats = res.json().data;
    expect(stats.bucket).toBe('day');
    expect(stats.bay).toMatchObject({ id: a.bayId, name: 'Hall Ny', locationId: a.locationId });
    expect(stats.figures).toEqual(hallNy);
    // Days in Norwegian time; the first from 06:00, when the bay appeared.
    expect(stats.availability).toEqual([
      {
        from: '2025-12-31T23:00:00.000Z',
        to: '2026-01-01T23:00:00.000Z',
        observedSeconds: 18 * H,
        downtimeSeconds: 2 * H,
        availability: 88.89,
      },
      {
        from: '2026-01-01T23:00:00.000Z',
        to: '2026-01-02T23:00:00.000Z',
        observedSeconds: 24 * H,
        downtimeSeconds: 3 * H,
        availability: 87.5,
      },
    ]);
    expect(stats.timeline.map((s: { status: string }) => s.status)).toEqual([
      'operational',
      'error',
      'maintenance',
      'operational',
      'warning',
      'operational',
      'error',
    ]);
    expect(stats.timeline.at(-1)).toEqual({
      status: 'error',
      from: '2026-01-02T20:00:00.000Z',
      to: '2026-01-02T23:00:00.000Z',
    });
    expect(stats.alerts).toEqual([
      expect.objectContaining({
        level: 'critical',
        attributeName: 'Trykk',
        openedAt: '2026-01-01T10:00:00.000Z',
        resolvedAt: '2026-01-01T12:30:00.000Z',
      }),
    ]);
    expect(stats.maintenance).toEqual([
      expect.objectContaining({
        type: 'service',
        startedAt: '2026-01-01T10:30:00.000Z',
        endedAt: '2026-01-01T12:00:00.000Z',
        assigneeName: 'Ola Nordmann',
      }),
    ]);
    expect(stats.attributes).toEqual([
      expect.objectContaining({
        name: 'Trykk',
        type: 'number',
        operator: 'gt',
        thresholdWarning: 80,
        thresholdCritical: 90.5,
        unit: null,
      }),
    ]);
  });

  it('caps the timeline at 1,000 segments and keeps a short error visible', async () => {
    const bayId = await createBay(admin, a.locationId, { name: 'Hall Blink' });
    // 90 days of three operational hours and ten minutes of warning, over and over (1,364 periods) …
    await ctx.database.pool.query(
      `insert into bay_status_periods (bay_id, status, cause, started_at, ended_at)
       select $1, case when n % 2 = 0 then 'operational' else 'warning' end, 'engine',
         timestamptz '2025-10-01T00:00:00Z' + (n / 2) * interval '190 minutes' + (n % 2) * interval '180 minutes',
         timestamptz '2025-10-01T00:00:00Z' + (n / 2) * interval '190 minutes'
           + case when n % 2 = 0 then interval '180 minutes' else interval '190 minutes' end
       from generate_series(0, 1363) n`,
      [bayId],
    );
    // … with ten minutes of error instead of one of the warnings.
    await ctx.database.pool.query(
      `update bay_status_periods set status = 'error' where bay_id = $1 and started_at = '2025-11-09T17:00:00Z'`,
      [bayId],
    );
    const res = await admin.post('backend/bays/stats/get', {
      bayId,
      from: '2025-10-01T00:00:00Z',
      to: '2025-12-30T00:00:00Z',
    });
    const { timeline, bucket } = res.json().data;
    expect(bucket).toBe('week');
    expect(timeline.length).toBeLessThanOrEqual(1000);
    // Still the bay's rhythm, not one merged block.
    expect(timeline.length).toBeGreaterThan(300);
    const errors = timeline.filter((s: { status: string }) => s.status === 'error');
    expect(errors).toHaveLength(1);
    expect(Date.parse(errors[0].from)).toBeLessThanOrEqual(Date.parse('2025-11-09T17:00:00Z'));
    expect(Date.parse(errors[0].to)).toBeGreaterThanOrEqual(Date.parse('2025-11-09T17:10:00Z'));
    expect(timeline[0].from).toBe('2025-10-01T00:00:00.000Z');
  });

  it('refuses a range that ends before it starts or is longer than 400 days, in Norwegian', async () => {
    const backwards = await admin.post('backend/bays/stats/get', {
      bayId: a.bayId,
      from: range.to,
      to: range.from,
    });
    expect(backwards.statusCode).toBe(400);
    expect(fieldMessages(backwards.json())).toEqual({ to: 'Fra må være før til' });
    const long = await admin.post('backend/bays/stats/get', {
      bayId: a.bayId,
      from: '2024-01-01T00:00:00Z',
      to: '2025-06-01T00:00:00Z',
    });
    expect(fieldMessages(long.json())).toEqual({ to: 'Perioden kan ikke være lenger enn 400 dager' });
    const bad = await admin.post('backend/bays/stats/get', { bayId: a.bayId, from: 'i går', to: range.to });
    expect(fieldMessages(bad.json())).toEqual({ from: 'Ugyldig tidspunkt' });
  });
});

describe('facility statistics', () => {
  it('ranks every bay that existed, deleted ones included, worst first, and adds up the facility', async () => {
    const res = await operator.post('backend/locations/stats/get', { locationId: a.locationId, ...range });
    expect(res.statusCode).toBe(200);
    const stats = res.json().data;
    expect(
      stats.bays.map((bay: { bayName: string; deleted: boolean }) => [bay.bayName, bay.deleted]),
    ).toEqual([
      ['Hall Borte', true],
      ['Hall Ny', false],
    ]);
    expect(stats.bays[0]).toMatchObject({
      observedSeconds: 8 * H,
      downtimeSeconds: 6 * H,
      availability: 25,
      failures: 1,
      mttrSeconds: null,
    });
    expect(stats.bays[1]).toMatchObject(hallNy);
    expect(stats.figures).toMatchObject({
      observedSeconds: 50 * H,
      downtimeSeconds: 11 * H,
      availability: 78,
      failures: 4,
      mttrSeconds: 1.5 * H,
      jobs: 1,
    });
    // In the facility's bay order.
    expect(stats.timeline.map((row: { bayName: string }) => row.bayName)).toEqual(['Hall Ny', 'Hall Borte']);
    expect(stats.timeline[1].segments).toEqual([
      { status: 'operational', from: '2025-12-31T23:00:00.000Z', to: '2026-01-01T01:00:00.000Z' },
      { status: 'error', from: '2026-01-01T01:00:00.000Z', to: '2026-01-01T07:00:00.000Z' },
    ]);
    expect(stats.alertCounts).toEqual({ critical: 1, warning: 1 });
    expect(stats.maintenanceByType).toEqual([{ type: 'service', seconds: 1.5 * H, jobs: 1 }]);
  });
});

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
    expect(report.total).toMatchObject({ downtimeSeconds: 11 * H, availability: 78, failures: 4 });
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
      'Anlegg;Vaskehall;Tilgjengelighet (%);Nedetid (timer);Antall feil;MTTR (minutter);Vedlikehold (timer)',
      `${location};Hall Ny;88,10;5,00;3;90,0;1,50`,
      `${location};Hall Borte (slettet);25,00;6,00;1;;0,00`,
      'Totalt;;78,00;11,00;4;90,0;1,50',
    ]);
  });
});
