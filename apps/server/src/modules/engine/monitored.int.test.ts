import { decodeDashboard } from '@vaskedrift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, createBay, createLocation } from '../../../test/locations';
import type { DomainEvents } from '../../events/domain-events';

/*
 * When a bay counts as monitored (docs/domain.md, Statistics, Monitored): not while it has no attribute,
 * nor between binding one and its first reading; from its first reading on; not again once its API is
 * disabled. Each change of monitoring is a status period of its own and a live event; the bay and the
 * dashboard answers say it.
 */
let ctx: TestContext;
let admin: ApiClient;
let locationId = '';
let bayId = '';
let api: { id: string; pushPath: string };
const events: DomainEvents['bay.status_changed'][] = [];

async function periods() {
  const { rows } = await ctx.database.pool.query<{ status: string; monitored: boolean; open: boolean }>(
    `select status, monitored, ended_at is null as open from bay_status_periods where bay_id = $1
     order by started_at, id`,
    [bayId],
  );
  return rows.map((row) => [row.status, row.monitored, row.open]);
}

async function bayAnswer() {
  return (await admin.post('backend/bays/get', { id: bayId })).json().data;
}

async function dashboardBay() {
  const dashboard = decodeDashboard(
    (await admin.post('dashboard/get', { locationIds: [locationId] })).json().data,
  );
  return { counts: dashboard.counts, bay: dashboard.locations[0]?.bays.find(([id]) => id === bayId) };
}

const push = async (temp: number) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: api.pushPath,
    payload: JSON.stringify({ bays: [{ id: 'hall-1', temp }] }),
    headers: { 'content-type': 'application/json' },
  });
  expect(res.statusCode).toBe(200);
  await ctx.app.bus.drain();
};

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  ctx.app.bus.on('bay.status_changed', (e) => {
    if (e.bayId === bayId) events.push(e);
  });
  locationId = await createLocation(admin, { name: 'Overvåket Anlegg' });
  bayId = await createBay(admin, locationId, { name: 'Hall Måler' });
});
afterAll(() => ctx?.close());

describe('a monitored bay', () => {
  it('is not monitored without attributes: it keeps its status, marked in the bay and dashboard answers', async () => {
    expect(await bayAnswer()).toMatchObject({ status: 'operational', monitored: false });
    const { counts, bay } = await dashboardBay();
    expect(bay?.[2]).toBe('operational');
    expect(bay?.[5]).toBe(false);
    expect(counts).toMatchObject({ operational: 1, total: 1, unmonitored: 1 });
    expect(await periods()).toEqual([['operational', false, true]]);
  });

  it('is not monitored between binding an attribute and its first reading', async () => {
    // Only pushes bring values: the controller's address answers nothing and its next check is far off.
    api = (
      await admin.post('backend/apis/create', {
        name: 'Kasse Måler',
        endpointUrl: 'http://10.255.255.1/status',
        checkInterval: 3600,
      })
    ).json().data;
    await ctx.database.pool.query(`update apis set next_check_at = now() + interval '1 hour' where id = $1`, [
      api.id,
    ]);
    const metric = (
      await admin.post('backend/apis/metrics/create', {
        apiId: api.id,
        name: 'Temperatur',
        description: 'Vanntemperatur',
        keyIdentifier: 'id',
        targetKeys: 'temp',
      })
    ).json().data;
    const res = await admin.post('backend/bays/metrics/create', {
      bayId,
      apiMetricId: metric.id,
      keyValue: 'hall-1',
      path: 'temp',
      type: 'number',
      operator: 'gt',
      thresholdCritical: '90',
      thresholdWarning: '70',
      thresholdInactive: '',
      thresholdActive: '0',
    });
    expect(res.statusCode).toBe(200);
    expect(await bayAnswer()).toMatchObject({ monitored: false });
    expect(await periods()).toEqual([['operational', false, true]]);
  });

  it('is monitored from its first reading, in a period of its own that keeps the status and its time', async () => {
    const before = await bayAnswer();
    await push(40);
    const after = await bayAnswer();
    expect(after).toMatchObject({ status: 'operational', monitored: true });
    // The status did not change, so neither did the time it began.
    expect(after.statusChangedAt).toBe(before.statusChangedAt);
    expect(await periods()).toEqual([
      ['operational', false, false],
      ['operational', true, true],
    ]);
    expect(events.at(-1)).toMatchObject({
      from: 'operational',
      to: 'operational',
      monitored: true,
      cause: 'engine',
    });
    const { counts, bay } = await dashboardBay();
    expect(bay?.[5]).toBe(true);
    expect(counts.unmonitored).toBe(0);
  });

  it('stays monitored through status changes, and a reading that changes nothing starts no period', async () => {
    await push(95);
    await push(96);
    expect(await bayAnswer()).toMatchObject({ status: 'error', monitored: true });
    expect(await periods()).toEqual([
      ['operational', false, false],
      ['operational', true, false],
      ['error', true, true],
    ]);
  });

  it('is not monitored once its API is disabled, and keeps the status it had', async () => {
    const res = await admin.patch('backend/apis/update', { id: api.id, status: 'disabled' });
    expect(res.statusCode).toBe(200);
    await ctx.app.bus.drain();
    expect(await bayAnswer()).toMatchObject({ status: 'error', monitored: false });
    expect((await periods()).slice(-2)).toEqual([
      ['error', true, false],
      ['error', false, true],
    ]);
    expect(events.at(-1)).toMatchObject({ from: 'error', to: 'error', monitored: false });
    expect((await dashboardBay()).counts).toMatchObject({ error: 1, unmonitored: 1 });
  });
});
