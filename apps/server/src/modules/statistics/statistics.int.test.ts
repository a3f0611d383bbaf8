import { decodeBayStats, decodeLocationStats } from '@vaskedrift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, createBay, fieldMessages } from '../../../test/locations';
import { H, range, type StatisticsSetting, statisticsSetting } from '../../../test/statistics';

/** Bay and facility statistics on the two facilities of test/statistics.ts. */
let ctx: TestContext;
let admin: ApiClient;
let operator: ApiClient;
let a: StatisticsSetting['a'];

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, operator, a } = await statisticsSetting(ctx));
});
afterAll(() => ctx.close());

const hallNy = {
  observedSeconds: 42 * H,
  // error 1 h + maintenance 1 h + the open error 3 h; the warning hour is available
  downtimeSeconds: 5 * H,
  operatingSeconds: 36 * H,
  warningSeconds: 1 * H,
  availability: 88.1,
  // the error with maintenance over it, and the open error; the warning is counted apart
  failures: 2,
  warnings: 1,
  // the first repaired after 2 h (back in operation at 12:00); the second is not repaired
  mttrSeconds: 2 * H,
  // 37 available hours over two failures
  mtbfSeconds: 18.5 * H,
  jobs: 1,
  maintenanceSeconds: 1.5 * H,
  // no attribute foresight models (docs/domain.md, Statistics, Unusual values)
  unusualMarks: null,
};

describe('bay statistics', () => {
  it('computes availability, MTTR and MTBF for a bay created mid-range with a period still open', async () => {
    const res = await operator.post('backend/bays/stats/get', { bayId: a.bayId, ...range });
    expect(res.statusCode).toBe(200);
    const stats = decodeBayStats(res.json().data);
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
    const { timeline, bucket } = decodeBayStats(res.json().data);
    expect(bucket).toBe('week');
    expect(timeline.length).toBeLessThanOrEqual(1000);
    // Still the bay's rhythm, not one merged block.
    expect(timeline.length).toBeGreaterThan(300);
    const errors = timeline.filter((s: { status: string }) => s.status === 'error');
    expect(errors).toHaveLength(1);
    expect(Date.parse(errors[0]?.from ?? '')).toBeLessThanOrEqual(Date.parse('2025-11-09T17:00:00Z'));
    expect(Date.parse(errors[0]?.to ?? '')).toBeGreaterThanOrEqual(Date.parse('2025-11-09T17:10:00Z'));
    expect(timeline[0]?.from).toBe('2025-10-01T00:00:00.000Z');
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
    const stats = decodeLocationStats(res.json().data);
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
      warnings: 0,
      mttrSeconds: null,
      mtbfSeconds: 2 * H,
    });
    expect(stats.bays[1]).toMatchObject(hallNy);
    expect(stats.figures).toMatchObject({
      observedSeconds: 50 * H,
      downtimeSeconds: 11 * H,
      availability: 78,
      failures: 3,
      warnings: 1,
      // the one repaired failure: 2 h
      mttrSeconds: 2 * H,
      // 39 available hours over three failures
      mtbfSeconds: 13 * H,
      jobs: 1,
    });
    // In the facility's bay order.
    expect(stats.timeline.map((row: { bayName: string }) => row.bayName)).toEqual(['Hall Ny', 'Hall Borte']);
    expect(stats.timeline[1]?.segments).toEqual([
      { status: 'operational', from: '2025-12-31T23:00:00.000Z', to: '2026-01-01T01:00:00.000Z' },
      { status: 'error', from: '2026-01-01T01:00:00.000Z', to: '2026-01-01T07:00:00.000Z' },
    ]);
    expect(stats.alertCounts).toEqual({ critical: 1, warning: 1 });
    expect(stats.maintenanceByType).toEqual([{ type: 'service', seconds: 1.5 * H, jobs: 1 }]);
  });
});
