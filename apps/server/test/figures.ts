import type { TestContext } from './helpers';
import { caller, createBay, createLocation, grantAccess } from './locations';
import { setPeriods } from './status-periods';

/*
 * Every figure of docs/domain.md, Statistics, on fixtures worked out by hand (the sums are in the comments):
 * one facility of six bays over three Norwegian days, 9–11 March 2026 (UTC+1, so a day starts at 23:00Z):
 *
 * - Hall Ny: made mid-range (10 March 13:00Z); an error of 1.5 h on the 11th.
 * - Hall Advarsel: only warnings (45 min, and 5 h across Oslo midnight).
 * - Hall Pause: an error of 2 h, then unmonitored for 30 h (its API disabled), an error set by hand in that
 *   time, monitored again from 10 March 18:00Z.
 * - Hall Service: an error with maintenance over it (error → maintenance → error → no data → operational),
 *   the job started 15 min into the error.
 * - Hall Gammel: a failure that began before the range, its maintenance running across `from`.
 * - Hall Uten: no attribute at all, never monitored.
 *
 * Through the API as a manager reads them: bay and facility statistics, the report and its CSV
 * (figures.int.test.ts); API statistics over the same days (figures-api.int.test.ts).
 */

/** 9, 10 and 11 March 2026 in Norwegian time. */
export const range = { from: '2026-03-09T00:00:00+01:00', to: '2026-03-12T00:00:00+01:00' };

/** The facility of six bays over `range`, granted to the operator. */
export async function figuresSetting(ctx: TestContext) {
  const admin = await caller(ctx, 'admin');
  const operator = await caller(ctx, 'operator');
  const bay = { ny: '', advarsel: '', pause: '', service: '', gammel: '', uten: '' };
  const locationId = await createLocation(admin, { name: 'Fiksturveien Vask' });
  const locationName: string = (await admin.post('backend/locations/get', { id: locationId })).json().data
    .name;
  await grantAccess(ctx, operator.user.id, locationId);

  bay.ny = await createBay(admin, locationId, { name: 'Hall Ny' });
  await setPeriods(ctx, bay.ny, [
    ['operational', '2026-03-10T13:00:00Z', '2026-03-11T02:00:00Z'],
    ['error', '2026-03-11T02:00:00Z', '2026-03-11T03:30:00Z'],
    // Open: runs until now, so it counts until the end of the range.
    ['operational', '2026-03-11T03:30:00Z', null],
  ]);

  bay.advarsel = await createBay(admin, locationId, { name: 'Hall Advarsel' });
  await setPeriods(ctx, bay.advarsel, [
    ['operational', '2026-03-01T00:00:00Z', '2026-03-09T10:00:00Z'],
    ['warning', '2026-03-09T10:00:00Z', '2026-03-09T10:45:00Z'],
    ['operational', '2026-03-09T10:45:00Z', '2026-03-10T20:00:00Z'],
    ['warning', '2026-03-10T20:00:00Z', '2026-03-11T01:00:00Z'],
    ['operational', '2026-03-11T01:00:00Z', null],
  ]);

  bay.pause = await createBay(admin, locationId, { name: 'Hall Pause' });
  await setPeriods(ctx, bay.pause, [
    ['operational', '2026-03-08T00:00:00Z', '2026-03-09T06:00:00Z'],
    ['error', '2026-03-09T06:00:00Z', '2026-03-09T08:00:00Z'],
    ['operational', '2026-03-09T08:00:00Z', '2026-03-09T12:00:00Z'],
    ['operational', '2026-03-09T12:00:00Z', '2026-03-10T12:00:00Z', false],
    ['error', '2026-03-10T12:00:00Z', '2026-03-10T14:00:00Z', false],
    ['operational', '2026-03-10T14:00:00Z', '2026-03-10T18:00:00Z', false],
    ['operational', '2026-03-10T18:00:00Z', null],
  ]);

  bay.service = await createBay(admin, locationId, { name: 'Hall Service' });
  await setPeriods(ctx, bay.service, [
    ['operational', '2026-03-01T00:00:00Z', '2026-03-10T09:00:00Z'],
    ['error', '2026-03-10T09:00:00Z', '2026-03-10T09:30:00Z'],
    ['maintenance', '2026-03-10T09:30:00Z', '2026-03-10T11:30:00Z'],
    ['error', '2026-03-10T11:30:00Z', '2026-03-10T12:00:00Z'],
    ['inactive', '2026-03-10T12:00:00Z', '2026-03-10T12:30:00Z'],
    ['operational', '2026-03-10T12:30:00Z', null],
  ]);
  await ctx.database.pool.query(
    `insert into maintenance_jobs (bay_id, type, assignee_id, reminder_hours, reminder_minutes, started_at,
       ended_at, enabled_by, ended_by, status_before)
     values ($1, 'service', $2, 1, 0, '2026-03-10T09:15:00Z', '2026-03-10T11:30:00Z', $2, $2, 'error')`,
    [bay.service, operator.user.id],
  );

  bay.gammel = await createBay(admin, locationId, { name: 'Hall Gammel' });
  await setPeriods(ctx, bay.gammel, [
    ['operational', '2026-03-01T00:00:00Z', '2026-03-08T20:00:00Z'],
    ['error', '2026-03-08T20:00:00Z', '2026-03-08T22:00:00Z'],
    ['maintenance', '2026-03-08T22:00:00Z', '2026-03-09T01:00:00Z'],
    ['error', '2026-03-09T01:00:00Z', '2026-03-09T02:00:00Z'],
    ['operational', '2026-03-09T02:00:00Z', null],
  ]);

  bay.uten = await createBay(admin, locationId, { name: 'Hall Uten' });
  await setPeriods(ctx, bay.uten, [['operational', '2026-03-01T00:00:00Z', null, false]]);
  return { admin, operator, locationId, locationName, bay };
}
