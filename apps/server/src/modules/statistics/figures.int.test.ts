import { decodeBayStats, decodeLocationStats } from '@vaskedrift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figuresSetting, range } from '../../../test/figures';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, createLocation } from '../../../test/locations';

/*
 * Every figure of docs/domain.md, Statistics, on the six bays of test/figures.ts, worked out by hand (the
 * sums are in the comments): bay and facility statistics, the report and its CSV.
 */
let ctx: TestContext;
let admin: ApiClient;
let operator: ApiClient;
let locationId = '';
let locationName = '';
let bay: Awaited<ReturnType<typeof figuresSetting>>['bay'];

const H = 3600;

/** Oslo midnights (UTC+1). */
const DAY_9 = '2026-03-08T23:00:00.000Z';
const DAY_10 = '2026-03-09T23:00:00.000Z';
const DAY_11 = '2026-03-10T23:00:00.000Z';
const DAY_12 = '2026-03-11T23:00:00.000Z';

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, operator, locationId, locationName, bay } = await figuresSetting(ctx));
});
afterAll(() => ctx.close());

const none = {
  failures: 0,
  warnings: 0,
  mttrSeconds: null,
  mtbfSeconds: null,
  jobs: 0,
  maintenanceSeconds: 0,
  // no bay here has an attribute foresight models: 'Ingen data'
  unusualMarks: null,
};

/** The figures of each bay over the three days, worked out by hand. */
const expected = {
  ny: {
    // 13 h + 1.5 h + 19.5 h, from when it was made
    observedSeconds: 34 * H,
    downtimeSeconds: 1.5 * H,
    operatingSeconds: 32.5 * H,
    warningSeconds: 0,
    // 32.5 / 34
    availability: 95.59,
    ...none,
    failures: 1,
    mttrSeconds: 1.5 * H,
    mtbfSeconds: 32.5 * H,
  },
  advarsel: {
    observedSeconds: 72 * H,
    downtimeSeconds: 0,
    // 11 h + 33.25 h + 22 h
    operatingSeconds: 66.25 * H,
    // 0.75 h + 5 h
    warningSeconds: 5.75 * H,
    availability: 100,
    ...none,
    // two warnings, no failure: nothing to repair, no time between failures
    warnings: 2,
  },
  pause: {
    // 7 h + 2 h + 4 h before the pause, 29 h after it
    observedSeconds: 42 * H,
    // the monitored error; the error set by hand while unmonitored is not counted
    downtimeSeconds: 2 * H,
    operatingSeconds: 40 * H,
    warningSeconds: 0,
    // 40 / 42
    availability: 95.24,
    ...none,
    failures: 1,
    mttrSeconds: 2 * H,
    mtbfSeconds: 40 * H,
  },
  service: {
    observedSeconds: 72 * H,
    // error 0.5 h + maintenance 2 h + error 0.5 h + no data 0.5 h
    downtimeSeconds: 3.5 * H,
    // 34 h + 34.5 h
    operatingSeconds: 68.5 * H,
    warningSeconds: 0,
    // 68.5 / 72
    availability: 95.14,
    // one failure from 09:00 until operational at 12:30
    failures: 1,
    warnings: 0,
    mttrSeconds: 3.5 * H,
    mtbfSeconds: 68.5 * H,
    jobs: 1,
    // 09:15 to 11:30
    maintenanceSeconds: 2.25 * H,
    unusualMarks: null,
  },
  gammel: {
    observedSeconds: 72 * H,
    // maintenance 2 h (from 23:00Z) + error 1 h
    downtimeSeconds: 3 * H,
    operatingSeconds: 69 * H,
    warningSeconds: 0,
    // 69 / 72
    availability: 95.83,
    // the failure began on 8 March, before the range
    ...none,
  },
  uten: {
    observedSeconds: 0,
    downtimeSeconds: 0,
    operatingSeconds: 0,
    warningSeconds: 0,
    availability: null,
    ...none,
  },
};

describe('bay statistics, figure by figure', () => {
  it('counts a bay made mid-range from then on; the days before it existed have no availability', async () => {
    const res = await operator.post('backend/bays/stats/get', { bayId: bay.ny, ...range });
    expect(res.statusCode).toBe(200);
    const stats = res.json().data;
    expect(stats.figures).toEqual(expected.ny);
    expect(stats.availability).toEqual([
      { from: DAY_9, to: DAY_10, observedSeconds: 0, downtimeSeconds: 0, availability: null },
      // 13:00Z to 23:00Z
      { from: DAY_10, to: DAY_11, observedSeconds: 10 * H, downtimeSeconds: 0, availability: 100 },
      { from: DAY_11, to: DAY_12, observedSeconds: 24 * H, downtimeSeconds: 1.5 * H, availability: 93.75 },
    ]);
  });

  it('places partial days on the Oslo day and measures them over their observed part', async () => {
    // '24 t' at 10:00 Oslo time on 11 March: from 09:00Z on the 10th to 09:00Z on the 11th.
    const res = await operator.post('backend/bays/stats/get', {
      bayId: bay.ny,
      from: '2026-03-10T09:00:00Z',
      to: '2026-03-11T09:00:00Z',
    });
    const stats = res.json().data;
    expect(stats.bucket).toBe('day');
    expect(stats.availability).toEqual([
      // The whole of 10 March; observed from 13:00Z, when the bay was made.
      { from: DAY_10, to: DAY_11, observedSeconds: 10 * H, downtimeSeconds: 0, availability: 100 },
      // 11 March until 09:00Z: 10 h, 1.5 h of it in error.
      { from: DAY_11, to: DAY_12, observedSeconds: 10 * H, downtimeSeconds: 1.5 * H, availability: 85 },
    ]);
    expect(stats.figures).toMatchObject({
      observedSeconds: 20 * H,
      downtimeSeconds: 1.5 * H,
      availability: 92.5,
    });
  });

  it('gives the hours of a day that daylight saving shortens, and weeks from Monday', async () => {
    // Clocks go forward on 29 March 2026 (02:00 → 03:00): that day has 23 hours.
    const days = (
      await operator.post('backend/bays/stats/get', {
        bayId: bay.advarsel,
        from: '2026-03-29T00:00:00+01:00',
        to: '2026-03-31T00:00:00+02:00',
      })
    ).json().data.availability;
    expect(days).toEqual([
      {
        from: '2026-03-28T23:00:00.000Z',
        to: '2026-03-29T22:00:00.000Z',
        observedSeconds: 23 * H,
        downtimeSeconds: 0,
        availability: 100,
      },
      {
        from: '2026-03-29T22:00:00.000Z',
        to: '2026-03-30T22:00:00.000Z',
        observedSeconds: 24 * H,
        downtimeSeconds: 0,
        availability: 100,
      },
    ]);
    // The range's three days fall in the week of Monday 9 March, whole.
    const weeks = (
      await operator.post('backend/bays/stats/get', { bayId: bay.service, ...range, bucket: 'week' })
    ).json().data.availability;
    expect(weeks).toEqual([
      {
        from: DAY_9,
        to: '2026-03-15T23:00:00.000Z',
        observedSeconds: 72 * H,
        downtimeSeconds: 3.5 * H,
        availability: 95.14,
      },
    ]);
  });

  it('counts warnings apart: a bay with only warnings has no failure, full availability and no MTBF', async () => {
    const stats = (await operator.post('backend/bays/stats/get', { bayId: bay.advarsel, ...range })).json()
      .data;
    expect(stats.figures).toEqual(expected.advarsel);
    // A warning bay washes cars: every day fully available.
    expect(stats.availability.map((b: { availability: number }) => b.availability)).toEqual([100, 100, 100]);
  });

  it('leaves out the time a bay was not monitored, and an error set by hand in it', async () => {
    const stats = decodeBayStats(
      (await operator.post('backend/bays/stats/get', { bayId: bay.pause, ...range })).json().data,
    );
    expect(stats.figures).toEqual(expected.pause);
    expect(stats.availability).toEqual([
      // 23:00Z to 12:00Z monitored, 2 h of it in error: 11 / 13
      { from: DAY_9, to: DAY_10, observedSeconds: 13 * H, downtimeSeconds: 2 * H, availability: 84.62 },
      // only from 18:00Z
      { from: DAY_10, to: DAY_11, observedSeconds: 5 * H, downtimeSeconds: 0, availability: 100 },
      { from: DAY_11, to: DAY_12, observedSeconds: 24 * H, downtimeSeconds: 0, availability: 100 },
    ]);
    // The unmonitored time is a gap in the timeline, not a status.
    expect(stats.timeline).toEqual([
      { status: 'operational', from: DAY_9, to: '2026-03-09T06:00:00.000Z' },
      { status: 'error', from: '2026-03-09T06:00:00.000Z', to: '2026-03-09T08:00:00.000Z' },
      { status: 'operational', from: '2026-03-09T08:00:00.000Z', to: '2026-03-09T12:00:00.000Z' },
      { status: 'operational', from: '2026-03-10T18:00:00.000Z', to: DAY_12 },
    ]);
  });

  it('counts an error with maintenance over it as one failure, repaired when operational again', async () => {
    const stats = (await operator.post('backend/bays/stats/get', { bayId: bay.service, ...range })).json()
      .data;
    expect(stats.figures).toEqual(expected.service);
  });

  it('leaves a failure that began before the range to that range', async () => {
    const stats = (await operator.post('backend/bays/stats/get', { bayId: bay.gammel, ...range })).json()
      .data;
    expect(stats.figures).toEqual(expected.gammel);
  });

  it('answers no availability for a bay without attributes, never 100 with nothing observed', async () => {
    const stats = decodeBayStats(
      (await operator.post('backend/bays/stats/get', { bayId: bay.uten, ...range })).json().data,
    );
    expect(stats.figures).toEqual(expected.uten);
    expect(stats.timeline).toEqual([]);
    expect(stats.availability.map((b: { availability: number | null }) => b.availability)).toEqual([
      null,
      null,
      null,
    ]);
  });
});

/** The facility: every bay together (observed 292 h, down 10 h, three failures repaired in 1.5, 2 and 3.5 h). */
const locationFigures = {
  observedSeconds: 292 * H,
  downtimeSeconds: 10 * H,
  operatingSeconds: 276.25 * H,
  warningSeconds: 5.75 * H,
  // 282 / 292
  availability: 96.58,
  failures: 3,
  warnings: 2,
  // (1.5 + 2 + 3.5) / 3 hours
  mttrSeconds: (7 / 3) * H,
  // 282 available hours over three failures
  mtbfSeconds: 94 * H,
  jobs: 1,
  maintenanceSeconds: 2.25 * H,
  unusualMarks: null,
};

describe('facility statistics, figure by figure', () => {
  it('adds up its bays and ranks them worst first, the bay never monitored last', async () => {
    const res = await operator.post('backend/locations/stats/get', { locationId, ...range });
    expect(res.statusCode).toBe(200);
    const stats = decodeLocationStats(res.json().data);
    expect(stats.figures).toEqual(locationFigures);
    expect(
      stats.bays.map((b: { bayName: string; availability: number | null }) => [b.bayName, b.availability]),
    ).toEqual([
      ['Hall Service', 95.14],
      ['Hall Pause', 95.24],
      ['Hall Ny', 95.59],
      ['Hall Gammel', 95.83],
      ['Hall Advarsel', 100],
      ['Hall Uten', null],
    ]);
    const byName = new Map(stats.bays.map((b: { bayName: string }) => [b.bayName, b]));
    expect(byName.get('Hall Uten')).toMatchObject({ ...expected.uten, deleted: false });
    expect(byName.get('Hall Advarsel')).toMatchObject(expected.advarsel);
    expect(stats.maintenanceByType).toEqual([{ type: 'service', seconds: 2.25 * H, jobs: 1 }]);
    // A row per bay that existed, in the facility's order; the bay never monitored has nothing to draw.
    expect(stats.timeline.map((row: { bayName: string }) => row.bayName)).toEqual([
      'Hall Ny',
      'Hall Advarsel',
      'Hall Pause',
      'Hall Service',
      'Hall Gammel',
      'Hall Uten',
    ]);
    expect(stats.timeline[5]?.segments).toEqual([]);
  });

  it('answers no availability, MTTR or MTBF for a facility without bays', async () => {
    const empty = await createLocation(admin, { name: 'Tomt Anlegg' });
    const stats = decodeLocationStats(
      (await admin.post('backend/locations/stats/get', { locationId: empty, ...range })).json().data,
    );
    expect(stats.figures).toEqual({
      observedSeconds: 0,
      downtimeSeconds: 0,
      operatingSeconds: 0,
      warningSeconds: 0,
      availability: null,
      ...none,
    });
    expect(stats.bays).toEqual([]);
    expect(stats.timeline).toEqual([]);
  });
});

describe('availability report and CSV, figure by figure', () => {
  it('reports every bay that existed, with the same figures and the total', async () => {
    const report = (
      await operator.post('backend/reports/availability/get', { locationIds: [locationId], ...range })
    ).json().data;
    expect(report.rows.map((row: { bayName: string }) => row.bayName)).toEqual([
      'Hall Ny',
      'Hall Advarsel',
      'Hall Pause',
      'Hall Service',
      'Hall Gammel',
      'Hall Uten',
    ]);
    expect(report.rows[2]).toMatchObject({ locationId, locationName, ...expected.pause });
    expect(report.rows[5]).toMatchObject(expected.uten);
    expect(report.total).toEqual(locationFigures);
  });

  it('writes the figures for Excel, unmeasured ones as empty fields', async () => {
    const res = await operator.post('backend/reports/availability/export', {
      locationIds: [locationId],
      ...range,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="tilgjengelighet-2026-03-09-2026-03-12.csv"',
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Anlegg;Vaskehall;Tilgjengelighet (%);Nedetid (timer);Antall feil;Antall advarsler;MTTR (minutter);Vedlikehold (timer);Vask;Forventede vask;Tapte vask;Uvanlige verdier',
      `${locationName};Hall Ny;95,59;1,50;1;0;90,0;0,00;;;;`,
      `${locationName};Hall Advarsel;100,00;0,00;0;2;;0,00;;;;`,
      `${locationName};Hall Pause;95,24;2,00;1;0;120,0;0,00;;;;`,
      `${locationName};Hall Service;95,14;3,50;1;0;210,0;2,25;;;;`,
      `${locationName};Hall Gammel;95,83;3,00;0;0;;0,00;;;;`,
      `${locationName};Hall Uten;;;;;;0,00;;;;`,
      'Totalt;;96,58;10,00;3;2;140,0;2,25;;;;',
    ]);
  });
});
