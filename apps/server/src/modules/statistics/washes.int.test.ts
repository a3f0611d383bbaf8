import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import {
  type ApiClient,
  caller,
  createBay,
  createLocation,
  fieldMessages,
  grantAccess,
} from '../../../test/locations';
import { setPeriods } from '../../../test/status-periods';
import { insertReadings, type ReadingRow, rollUpWashes } from '../readings';

/*
 * Washes, expected and lost washes (docs/domain.md, Washes) worked out by hand. One counter read every
 * half hour from Wed 2026-01-07 00:00 UTC (Oslo is UTC+1 all January: a week back is the same UTC hour).
 * A reading's increment counts in its own hour, so an hour's washes are its :00 and :30 increments.
 * Every hour washes 2, except on Thursdays 10–13 UTC: 8 an hour on Jan 8, 12 on Jan 15 (11:00–12:00 in
 * error there: not up, left out of the profile), 4 on Jan 22. Thursday Jan 29, the day measured:
 *   hours 0–9   2 each (20); at 10:00 +1, at 10:30 +2 (hour 10: 3)
 *   11:00 reads 1: the controller restarted, the counter began again (+1); 11:30 reads 3 (+2) → hour 11: 3
 *   12:00 reads 6 (+3), 12:30 6 (+0) → hour 12: 3;  13:00 7 (+1), 13:30 8 (+1) → hour 13: 2.  Washes 31.
 * Expected (the same hour the Thursdays before that were up; Jan 1 has no data): 2 for hours 0–9 and 13
 * (22), hour 10 (4 + 12 + 8) / 3 = 8, hour 11 (4 + 8) / 2 = 6, hour 12 8: 44.
 * Periods: error 10:30–11:30 expects 8 × ½ + 6 × ½ = 7, counts 3 × ½ + 3 × ½ = 3, lost 4; maintenance
 * 12:00–13:00 expects 8, counts 3, lost 5. Lost 9.
 */

let ctx: TestContext;
let admin: ApiClient;
let operator: ApiClient;
let locationId: string;
let bayId: string;
let plainBayId: string;

const HALF_HOUR = 1_800_000;
const START = Date.parse('2026-01-07T00:00:00Z');
const MEASURED_DAY = Date.parse('2026-01-29T00:00:00Z');
const BUSY_RATE: Record<string, number> = { '2026-01-08': 8, '2026-01-15': 12, '2026-01-22': 4 };

/** Washes an hour of the regular stream before Jan 29. */
function rate(at: Date): number {
  const busy = BUSY_RATE[at.toISOString().slice(0, 10)];
  return busy !== undefined && at.getUTCHours() >= 10 && at.getUTCHours() <= 12 ? busy : 2;
}

/** The counter's readings: the regular stream, then Jan 29 as in the comment above. */
function counterReadings(): { at: Date; value: number }[] {
  const readings: { at: Date; value: number }[] = [];
  let value = 500;
  for (let t = START; t <= MEASURED_DAY + 10 * 2 * HALF_HOUR; t += HALF_HOUR) {
    const at = new Date(t);
    if (t > START) value += rate(at) / 2;
    readings.push({ at, value });
  }
  const day = (time: string) => new Date(`2026-01-29T${time}:00Z`);
  value += 2;
  readings.push({ at: day('10:30'), value });
  for (const [time, next] of [
    ['11:00', 1],
    ['11:30', 3],
    ['12:00', 6],
    ['12:30', 6],
    ['13:00', 7],
    ['13:30', 8],
  ] as const) {
    readings.push({ at: day(time), value: next });
  }
  return readings;
}

const measured = { from: '2026-01-29T00:00:00Z', to: '2026-01-29T14:00:00Z' };

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  operator = await caller(ctx, 'operator');
  locationId = await createLocation(admin, { name: 'Vaskeriet' });
  await grantAccess(ctx, operator.user.id, locationId);
  bayId = await createBay(admin, locationId, { name: 'Hall Teller' });
  plainBayId = await createBay(admin, locationId, { name: 'Hall Uten' });
  const apiId = (
    await admin.post('backend/apis/create', { name: 'Kasse Vask', endpointUrl: 'http://10.0.0.7/s' })
  ).json().data.id;
  const apiMetricId = (
    await admin.post('backend/apis/metrics/create', {
      apiId,
      name: 'Vasketeller',
      description: 'Vaskeprogram startet',
      keyIdentifier: 'id',
      targetKeys: 'cycles',
    })
  ).json().data.id;
  const created = await admin.post('backend/bays/metrics/create', {
    bayId,
    apiMetricId,
    keyValue: 'hall1',
    path: 'cycles',
    type: 'counter',
    operator: 'gte',
    thresholdCritical: '',
    thresholdWarning: '',
    thresholdInactive: '',
    thresholdActive: '',
  });
  expect(created.statusCode).toBe(200);
  expect(created.json().data).toMatchObject({ type: 'counter', lastLevel: null });
  const { rows } = await ctx.database.pool.query(
    `select bm.series, a.key from bay_metrics bm join api_metrics am on am.id = bm.api_metric_id
     join apis a on a.id = am.api_id where bm.id = $1`,
    [created.json().data.id],
  );
  const series = rows[0].series as number;
  const api = rows[0].key as number;
  await insertReadings(
    ctx.database.db,
    counterReadings().map(({ at, value }) => ({
      api,
      at,
      rows: [{ series, value, level: 'active' } satisfies ReadingRow],
    })),
  );
  await rollUpWashes(ctx.database.db, new Date(START), new Date('2026-01-30T00:00:00Z'));
  await setPeriods(ctx, bayId, [
    ['operational', '2026-01-07T00:00:00Z', '2026-01-15T11:00:00Z'],
    ['error', '2026-01-15T11:00:00Z', '2026-01-15T12:00:00Z'],
    ['operational', '2026-01-15T12:00:00Z', '2026-01-29T10:30:00Z'],
    ['error', '2026-01-29T10:30:00Z', '2026-01-29T11:30:00Z'],
    ['operational', '2026-01-29T11:30:00Z', '2026-01-29T12:00:00Z'],
    ['maintenance', '2026-01-29T12:00:00Z', '2026-01-29T13:00:00Z'],
    ['operational', '2026-01-29T13:00:00Z', null],
  ]);
  await setPeriods(ctx, plainBayId, [['operational', '2026-01-07T00:00:00Z', null]]);
});
afterAll(() => ctx.close());

describe('washes of a counter', () => {
  it('counts washes per hour over a reset, expects them from the profile and values the lost ones', async () => {
    const res = await admin.post('backend/bays/stats/get', { bayId, ...measured });
    expect(res.statusCode).toBe(200);
    const { washes } = res.json().data;
    expect(washes.figures).toEqual({ washes: 31, expected: 44, lost: 9 });
    expect(washes.bucket).toBe('hour');
    expect(washes.points).toHaveLength(14);
    expect(washes.points.slice(9)).toEqual([
      { at: '2026-01-29T09:00:00.000Z', washes: 2, expected: 2 },
      { at: '2026-01-29T10:00:00.000Z', washes: 3, expected: 8 },
      { at: '2026-01-29T11:00:00.000Z', washes: 3, expected: 6 },
      { at: '2026-01-29T12:00:00.000Z', washes: 3, expected: 8 },
      { at: '2026-01-29T13:00:00.000Z', washes: 2, expected: 2 },
    ]);
    expect(washes.lostPeriods).toEqual([
      {
        bayId,
        bayName: 'Hall Teller',
        status: 'maintenance',
        from: '2026-01-29T12:00:00.000Z',
        to: '2026-01-29T13:00:00.000Z',
        expected: 8,
        counted: 3,
        lost: 5,
      },
      {
        bayId,
        bayName: 'Hall Teller',
        status: 'error',
        from: '2026-01-29T10:30:00.000Z',
        to: '2026-01-29T11:30:00.000Z',
        expected: 7,
        counted: 3,
        lost: 4,
      },
    ]);
  });

  it("says 'Ingen data' for expected and lost washes without two earlier weeks up", async () => {
    // Thursday Jan 8: the week before has no readings.
    const res = await admin.post('backend/bays/stats/get', {
      bayId,
      from: '2026-01-08T10:00:00Z',
      to: '2026-01-08T12:00:00Z',
    });
    expect(res.json().data.washes.figures).toEqual({ washes: 16, expected: null, lost: null });
  });

  it('adds the facility up over the bays with a counter and lists the bays', async () => {
    const res = await operator.post('backend/locations/stats/get', { locationId, ...measured });
    expect(res.statusCode).toBe(200);
    const { washes } = res.json().data;
    expect(washes.figures).toEqual({ washes: 31, expected: 44, lost: 9 });
    expect(washes.bays).toEqual([{ bayId, bayName: 'Hall Teller', washes: 31, expected: 44, lost: 9 }]);
    expect(washes.lostPeriods.map((p: { lost: number }) => p.lost)).toEqual([5, 4]);
  });

  it('puts washes, expected and lost washes last in the availability CSV, empty for a bay without a counter', async () => {
    const res = await admin.post('backend/reports/availability/export', {
      locationIds: [locationId],
      ...measured,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe(
      'Anlegg;Vaskehall;Tilgjengelighet (%);Nedetid (timer);Antall feil;Antall advarsler;MTTR (minutter);Vedlikehold (timer);Vask;Forventede vask;Tapte vask;Uvanlige verdier',
    );
    const byBay = new Map(
      lines.slice(1, 3).map((line: string) => [line.split(';')[1], line.split(';').slice(8, 11)]),
    );
    expect(byBay.get('Hall Teller')).toEqual(['31', '44', '9']);
    expect(byBay.get('Hall Uten')).toEqual(['', '', '']);
    expect(lines[3]?.split(';').slice(8, 11)).toEqual(['31', '44', '9']);
  });
});

describe('the counter type', () => {
  it('refuses thresholds on a counter with a Norwegian message', async () => {
    const apiMetricId = (
      await ctx.database.pool.query(`select id from api_metrics where name = 'Vasketeller'`)
    ).rows[0].id;
    const res = await admin.post('backend/bays/metrics/create', {
      bayId: plainBayId,
      apiMetricId,
      keyValue: 'hall2',
      path: 'cycles',
      type: 'counter',
      operator: 'gte',
      thresholdCritical: '100',
      thresholdWarning: '',
      thresholdInactive: '',
      thresholdActive: '',
    });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toMatchObject({
      thresholdCritical: 'En teller har ingen terskler: la feltet stå tomt',
    });
  });
});
