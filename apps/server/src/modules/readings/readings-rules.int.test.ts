import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, createBay, createLocation } from '../../../test/locations';

/*
 * What a check stores (decision 022), through the real engine: pushed bodies are processed exactly like
 * polled ones, and each processed check files its stored readings as one row.
 */

let ctx: TestContext;
let admin: ApiClient;
let pushPath: string;
let temperatureId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  const api = (
    await admin.post('backend/apis/create', {
      name: 'Kasse Regler',
      endpointUrl: 'http://10.255.255.1/status',
      checkInterval: 3600,
      details: { recordsPath: 'bays' },
    })
  ).json().data;
  pushPath = api.pushPath;
  await ctx.database.pool.query(`update apis set next_check_at = now() + interval '1 hour' where id = $1`, [
    api.id,
  ]);
  const metric = (
    await admin.post('backend/apis/metrics/create', {
      apiId: api.id,
      name: 'Hallverdier',
      description: 'Temperatur og dør',
      keyIdentifier: 'id',
      targetKeys: 'temp, door',
    })
  ).json().data;
  const bayId = await createBay(admin, await createLocation(admin, { name: 'Regel Anlegg' }));
  const attribute = async (path: string, type: string, warning: string) =>
    (
      await admin.post('backend/bays/metrics/create', {
        bayId,
        apiMetricId: metric.id,
        keyValue: 'hall-1',
        path,
        type,
        operator: type === 'number' ? 'gt' : 'eq',
        thresholdCritical: type === 'number' ? '90' : '',
        thresholdWarning: warning,
        thresholdInactive: '',
        thresholdActive: type === 'number' ? '0' : 'false',
      })
    ).json().data.id as string;
  temperatureId = await attribute('temp', 'number', '70');
  await attribute('door', 'boolean', 'true');
});
afterAll(() => ctx?.close());

const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);
const push = async (temp: number, door = false) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: pushPath,
    payload: JSON.stringify({ bays: [{ id: 'hall-1', temp, door }] }),
    headers: { 'content-type': 'application/json' },
  });
  expect(res.statusCode).toBeLessThan(300);
};
/** The stored readings, oldest first, as [value, level code] per row (a row per check). */
const stored = async () =>
  (
    await q(
      `select array_agg(array[u.value, get_byte(r.level, (u.i - 1)::int)] order by u.series) as readings
       from readings r cross join lateral unnest(r.series, r.value) with ordinality as u(series, value, i)
       group by r.read_at order by r.read_at`,
    )
  ).rows.map((r) => r.readings as number[][]);

describe('what a check stores (decision 022)', () => {
  it('stores the first readings, then numbers beyond the deadband, level changes, and text/boolean changes', async () => {
    await push(40);
    expect(await stored()).toEqual([
      [
        [40, 0],
        [0, 0],
      ],
    ]);
    // 0.1 of 40 is within the default 0.5 %: nothing stored, not even a row.
    await push(40.1);
    expect(await stored()).toHaveLength(1);
    await push(40.5);
    expect((await stored()).at(-1)).toEqual([[40.5, 0]]);
    // The door opening: a boolean change and a level change (warning) at once.
    await push(40.5, true);
    expect((await stored()).at(-1)).toEqual([[1, 3]]);
    // A level change is stored even within the deadband (70.2 → 70.4 crosses nothing; 70.4 is warning).
    await push(70, true);
    await push(70.2, true);
    expect((await stored()).at(-1)).toEqual([[70.2, 3]]);
  });

  it("follows the attribute's own deadband", async () => {
    const res = await admin.patch('backend/bays/metrics/update', { id: temperatureId, deadbandPercent: 5 });
    expect(res.json().data.deadbandPercent).toBe(5);
    const rows = (await stored()).length;
    await push(72, true);
    expect(await stored()).toHaveLength(rows);
    await push(74, true);
    expect((await stored()).at(-1)).toEqual([[74, 3]]);
    expect(
      (await admin.patch('backend/bays/metrics/update', { id: temperatureId, deadbandPercent: -1 }))
        .statusCode,
    ).toBe(400);
  });

  it('stores an unchanged value again as a heartbeat (30 minutes)', async () => {
    const rows = (await stored()).length;
    await push(74, true);
    expect(await stored()).toHaveLength(rows);
    await q(`update bay_metrics set stored_at = stored_at - interval '29 minutes'`);
    await push(74, true);
    expect(await stored()).toHaveLength(rows);
    await q(`update bay_metrics set stored_at = stored_at - interval '1 minute'`);
    await push(74, true);
    expect((await stored()).at(-1)).toEqual([
      [74, 3],
      [1, 3],
    ]);
  });
});
