import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, createBay, createLocation, grantAccess } from '../../../test/locations';
import { setPeriods } from '../../../test/status-periods';

/*
 * Unusual marks in the statistics (docs/domain.md, Statistics, Unusual values), worked out by hand over
 * Monday 9 March 2026, 00:00–24:00 UTC. The marks are written as foresight writes them
 * (`bay_metric_unusual`: one row per stretch of an attribute's checks marked 'Uvanlig'):
 *
 * - Hall Uvanlig (temperature, a number): marks from 8 March 22:00 (before the range: not counted), at
 *   06:00, at 14:00, at 23:50 (still open: counted) and 10 March 02:00 (after it): 3.
 * - Hall Rolig (temperature): monitored, no mark: 0, not 'Ingen data'.
 * - Hall Dør (a boolean only: nothing foresight models): 'Ingen data', null.
 * - Hall Av (temperature, but not monitored in the range): null.
 * - Hall Flyttet: its temperature attribute was deleted; its mark at 09:00 happened: 1.
 * The facility: 3 + 0 + 1 = 4. Another facility with only a boolean attribute: null.
 */

const range = { from: '2026-03-09T00:00:00Z', to: '2026-03-10T00:00:00Z' };

let ctx: TestContext;
let admin: ApiClient;
let operator: ApiClient;
let locationId = '';
let quietLocationId = '';
const bay = { uvanlig: '', rolig: '', dor: '', av: '', flyttet: '', stille: '' };

/** A bay attribute on `apiMetricId` made before the range; its series. */
async function attribute(bayId: string, apiMetricId: string, type: 'number' | 'boolean'): Promise<number> {
  const created = await admin.post('backend/bays/metrics/create', {
    bayId,
    apiMetricId,
    keyValue: bayId,
    path: type === 'number' ? 'temp' : 'door',
    type,
    operator: type === 'number' ? 'gt' : 'eq',
    thresholdCritical: type === 'number' ? '90' : 'true',
    thresholdWarning: type === 'number' ? '70' : '',
    thresholdInactive: '',
    thresholdActive: '',
  });
  expect(created.statusCode).toBe(200);
  const { rows } = await ctx.database.pool.query(
    `update bay_metrics set created_at = '2026-03-01T00:00:00Z' where id = $1 returning series`,
    [created.json().data.id],
  );
  return rows[0].series;
}

/** Marks of a series: `[startedAt, endedAt]`, `endedAt` null for one still standing. */
async function marks(series: number, bayId: string, stretches: Array<[string, string | null]>) {
  for (const [startedAt, endedAt] of stretches) {
    await ctx.database.pool.query(
      'insert into bay_metric_unusual (series, bay_id, started_at, ended_at) values ($1, $2, $3, $4)',
      [series, bayId, startedAt, endedAt],
    );
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  operator = await caller(ctx, 'operator');
  locationId = await createLocation(admin, { name: 'Uvanlig Vask' });
  quietLocationId = await createLocation(admin, { name: 'Stille Vask' });
  await grantAccess(ctx, operator.user.id, locationId);
  await grantAccess(ctx, operator.user.id, quietLocationId);
  const apiId = (
    await admin.post('backend/apis/create', { name: 'Kontroller', endpointUrl: 'http://10.0.0.8/s' })
  ).json().data.id;
  const apiMetricId = (
    await admin.post('backend/apis/metrics/create', {
      apiId,
      name: 'Hallverdier',
      description: 'Temperatur og dør',
      keyIdentifier: 'id',
      targetKeys: 'temp,door',
    })
  ).json().data.id;

  const monitored = (id: string) => setPeriods(ctx, id, [['operational', '2026-03-01T00:00:00Z', null]]);
  bay.uvanlig = await createBay(admin, locationId, { name: 'Hall Uvanlig' });
  await monitored(bay.uvanlig);
  await marks(await attribute(bay.uvanlig, apiMetricId, 'number'), bay.uvanlig, [
    ['2026-03-08T22:00:00Z', '2026-03-09T01:00:00Z'],
    ['2026-03-09T06:00:00Z', '2026-03-09T06:10:00Z'],
    ['2026-03-09T14:00:00Z', '2026-03-09T14:30:00Z'],
    ['2026-03-09T23:50:00Z', '2026-03-10T00:20:00Z'],
    ['2026-03-10T02:00:00Z', null],
  ]);

  bay.rolig = await createBay(admin, locationId, { name: 'Hall Rolig' });
  await monitored(bay.rolig);
  await attribute(bay.rolig, apiMetricId, 'number');

  bay.dor = await createBay(admin, locationId, { name: 'Hall Dør' });
  await monitored(bay.dor);
  await attribute(bay.dor, apiMetricId, 'boolean');

  bay.av = await createBay(admin, locationId, { name: 'Hall Av' });
  await setPeriods(ctx, bay.av, [['operational', '2026-03-01T00:00:00Z', null, false]]);
  await attribute(bay.av, apiMetricId, 'number');

  bay.flyttet = await createBay(admin, locationId, { name: 'Hall Flyttet' });
  await monitored(bay.flyttet);
  const moved = await attribute(bay.flyttet, apiMetricId, 'number');
  await ctx.database.pool.query('delete from bay_metrics where series = $1', [moved]);
  await marks(moved, bay.flyttet, [['2026-03-09T09:00:00Z', '2026-03-09T09:05:00Z']]);

  bay.stille = await createBay(admin, quietLocationId, { name: 'Hall Stille' });
  await monitored(bay.stille);
  await attribute(bay.stille, apiMetricId, 'boolean');
});
afterAll(() => ctx?.close());

async function bayMarks(bayId: string): Promise<number | null> {
  const res = await operator.post('backend/bays/stats/get', { bayId, ...range });
  expect(res.statusCode).toBe(200);
  return res.json().data.figures.unusualMarks;
}

describe('unusual marks in the statistics', () => {
  it('counts the marks of a bay that began in the range, the one still standing included', async () => {
    expect(await bayMarks(bay.uvanlig)).toBe(3);
  });

  it('answers 0 for a modelled bay without marks, and Ingen data where nothing is modelled or monitored', async () => {
    expect(await bayMarks(bay.rolig)).toBe(0);
    expect(await bayMarks(bay.dor)).toBeNull();
    expect(await bayMarks(bay.av)).toBeNull();
  });

  it('keeps the marks of an attribute deleted since', async () => {
    expect(await bayMarks(bay.flyttet)).toBe(1);
  });

  it('adds up a facility and each row of its ranking; a facility with nothing modelled has none', async () => {
    const stats = (await operator.post('backend/locations/stats/get', { locationId, ...range })).json().data;
    expect(stats.figures.unusualMarks).toBe(4);
    const byName = Object.fromEntries(
      stats.bays.map((b: { bayName: string; unusualMarks: number | null }) => [b.bayName, b.unusualMarks]),
    );
    expect(byName).toEqual({
      'Hall Uvanlig': 3,
      'Hall Rolig': 0,
      'Hall Dør': null,
      'Hall Av': null,
      'Hall Flyttet': 1,
    });
    const quiet = (
      await operator.post('backend/locations/stats/get', { locationId: quietLocationId, ...range })
    ).json().data;
    expect(quiet.figures.unusualMarks).toBeNull();
  });

  it('answers the same in the availability report, rows and total', async () => {
    const report = (
      await operator.post('backend/reports/availability/get', {
        locationIds: [locationId, quietLocationId],
        ...range,
      })
    ).json().data;
    expect(
      report.rows.map((row: { bayName: string; unusualMarks: number | null }) => [
        row.bayName,
        row.unusualMarks,
      ]),
    ).toEqual([
      ['Hall Stille', null],
      ['Hall Uvanlig', 3],
      ['Hall Rolig', 0],
      ['Hall Dør', null],
      ['Hall Av', null],
      ['Hall Flyttet', 1],
    ]);
    expect(report.total.unusualMarks).toBe(4);
  });

  it('writes them to the CSV as the last column, an empty field for Ingen data', async () => {
    const res = await operator.post('backend/reports/availability/export', {
      locationIds: [locationId, quietLocationId],
      ...range,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]?.split(';').at(-1)).toBe('Uvanlige verdier');
    expect(lines.slice(1).map((line: string) => [line.split(';')[1], line.split(';').at(-1)])).toEqual([
      ['Hall Stille', ''],
      ['Hall Uvanlig', '3'],
      ['Hall Rolig', '0'],
      ['Hall Dør', ''],
      ['Hall Av', ''],
      ['Hall Flyttet', '1'],
      ['', '4'],
    ]);
  });
});
