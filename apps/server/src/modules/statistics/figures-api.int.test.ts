import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { range } from '../../../test/figures';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller } from '../../../test/locations';

/** API statistics, figure by figure (docs/domain.md, Statistics), on check statistics written by hand. */
let ctx: TestContext;
let admin: ApiClient;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
});
afterAll(() => ctx.close());

describe('API statistics, figure by figure', () => {
  let apiId = '';
  beforeAll(async () => {
    apiId = (
      await admin.post('backend/apis/create', { name: 'Kasse Fikstur', endpointUrl: 'http://10.0.0.7/s' })
    ).json().data.id;
    // Two hours of checks, then the API disabled until 09:00Z the next day, then one more hour.
    for (const [hour, checks, failures, sum, max, histogram] of [
      // 60 checks of 50–90 ms (the hour's maximum), 6 failed
      ['2026-03-09T10:00:00Z', 60, 6, 4500, 90, '{0,0,0,0,60,0,0,0,0,0,0,0}'],
      // 60 of 100–200 ms
      ['2026-03-09T11:00:00Z', 60, 0, 9000, 200, '{0,0,0,0,0,60,0,0,0,0,0,0}'],
      // 30 of 250–410 ms, 3 failed
      ['2026-03-10T09:00:00Z', 30, 3, 9000, 410, '{0,0,0,0,0,0,30,0,0,0,0,0}'],
    ] as const) {
      await ctx.database.pool.query(
        `insert into api_check_stats (api_id, hour, checks, failures, duration_sum_ms, duration_max_ms,
           duration_histogram)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [apiId, hour, checks, failures, sum, max, histogram],
      );
    }
  });

  it('answers the hours checked, and their totals, with a gap where the API was disabled', async () => {
    const stats = (await admin.post('backend/apis/stats/get', { apiId, ...range })).json().data;
    expect(stats.points).toEqual([
      // p50: half-way through 50–90 ms; p95: 95 % of the way
      {
        at: '2026-03-09T10:00:00.000Z',
        checks: 60,
        failures: 6,
        successRate: 90,
        averageMs: 75,
        p50Ms: 70,
        p95Ms: 88,
        maxMs: 90,
      },
      {
        at: '2026-03-09T11:00:00.000Z',
        checks: 60,
        failures: 0,
        successRate: 100,
        averageMs: 150,
        p50Ms: 150,
        p95Ms: 195,
        maxMs: 200,
      },
      {
        at: '2026-03-10T09:00:00.000Z',
        checks: 30,
        failures: 3,
        successRate: 90,
        averageMs: 300,
        p50Ms: 330,
        p95Ms: 402,
        maxMs: 410,
      },
    ]);
    expect(stats.totals).toEqual({
      checks: 150,
      failures: 9,
      // 141 / 150
      successRate: 94,
      // rank 75: the 15th of 60 in 100–250 ms; rank 142.5: 22.5 of 30 in 250–410 ms
      p50Ms: 138,
      p95Ms: 370,
    });
  });

  it('answers no success rate or latency over a stretch without checks, never 100 %', async () => {
    const stats = (
      await admin.post('backend/apis/stats/get', {
        apiId,
        from: '2026-03-09T13:00:00Z',
        to: '2026-03-10T08:00:00Z',
      })
    ).json().data;
    expect(stats.points).toEqual([]);
    expect(stats.totals).toEqual({ checks: 0, failures: 0, successRate: null, p50Ms: null, p95Ms: null });
  });
});
