import type { TestContext } from './helpers';
import { type ApiClient, caller, createBay, createLocation, grantAccess } from './locations';
import { setPeriods } from './status-periods';

/*
 * Statistics and the availability report (docs/domain.md, Statistics) over status periods, alerts, jobs and
 * check statistics written by hand, so every figure is known to the second. Two facilities: A, granted
 * to the operator, with a bay created mid-range and a bay deleted mid-range; B, granted to nobody.
 * Read by statistics.int.test.ts (bays, facilities) and statistics-reports.int.test.ts (APIs, access, report).
 */

/** Two days in Norwegian time: 2026-01-01 and 2026-01-02 (UTC+1). */
export const range = { from: '2026-01-01T00:00:00+01:00', to: '2026-01-03T00:00:00+01:00' };
export const H = 3600;

async function insertAlert(
  ctx: TestContext,
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
async function apiFeeding(ctx: TestContext, admin: ApiClient, bayId: string, name: string): Promise<string> {
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

/** Facilities A and B with their bays, alerts, job and APIs; an admin and the operator of A. */
export async function statisticsSetting(ctx: TestContext) {
  const admin = await caller(ctx, 'admin');
  const operator = await caller(ctx, 'operator');
  const a = { locationId: '', bayId: '', deletedBayId: '', apiId: '' };
  const b = { locationId: '', bayId: '', apiId: '' };

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
  await insertAlert(ctx, a.bayId, a.locationId, 'critical', '2026-01-01T10:00:00Z', '2026-01-01T12:30:00Z');
  await insertAlert(ctx, a.bayId, a.locationId, 'warning', '2025-12-01T10:00:00Z', '2025-12-02T10:00:00Z');

  // Deleted at 07:00 on the first day, after six hours of error: its downtime still counts.
  a.deletedBayId = await createBay(admin, a.locationId, { name: 'Hall Borte' });
  await setPeriods(ctx, a.deletedBayId, [
    ['operational', '2025-12-31T20:00:00Z', '2026-01-01T01:00:00Z'],
    ['error', '2026-01-01T01:00:00Z', '2026-01-01T07:00:00Z'],
  ]);
  await ctx.database.pool.query(`update bays set deleted_at = '2026-01-01T07:00:00Z' where id = $1`, [
    a.deletedBayId,
  ]);
  await insertAlert(
    ctx,
    a.deletedBayId,
    a.locationId,
    'warning',
    '2026-01-01T02:00:00Z',
    '2026-01-01T07:00:00Z',
  );
  a.apiId = await apiFeeding(ctx, admin, a.bayId, 'Kasse A');

  b.locationId = await createLocation(admin);
  b.bayId = await createBay(admin, b.locationId, { name: 'Hall B' });
  await setPeriods(ctx, b.bayId, [['operational', '2025-12-01T00:00:00Z', null]]);
  b.apiId = await apiFeeding(ctx, admin, b.bayId, 'Kasse B');
  return { admin, operator, a, b };
}
export type StatisticsSetting = Awaited<ReturnType<typeof statisticsSetting>>;
