import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AttributeSetting, attributeSetting } from '../../../test/bay-metrics';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, createBay, fieldMessages } from '../../../test/locations';

/** The words an attribute is shown with: display names, units and the words for true and false. */

let ctx: TestContext;
let admin: ApiClient;
let apiId: string;
let locationId: string;
let body: AttributeSetting['body'];

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, apiId, locationId, body } = await attributeSetting(ctx));
});
afterAll(() => ctx?.close());

let bayCount = 0;

/** An API attribute of its own, and a bay attribute on a new bay bound to it. */
async function boundAttribute(extra: Record<string, unknown> = {}) {
  const metric = await admin.post('backend/apis/metrics/create', {
    apiId,
    name: `Trykkverdier ${++bayCount}`,
    description: 'Trykk per hall',
    keyIdentifier: 'bayId',
    targetKeys: ['waterPressure'],
  });
  expect(metric.statusCode).toBe(200);
  const ownBayId = await createBay(admin, locationId, { name: `Hall ${++bayCount}` });
  const res = await admin.post(
    'backend/bays/metrics/create',
    body({
      bayId: ownBayId,
      apiMetricId: metric.json().data.id,
      path: 'waterPressure',
      operator: 'lt',
      thresholdCritical: '2',
      thresholdWarning: '2,5',
      thresholdActive: '',
      ...extra,
    }),
  );
  expect(res.statusCode).toBe(200);
  return { apiMetricId: metric.json().data.id as string, bayId: ownBayId, metric: res.json().data };
}

describe('display names and units (docs/domain.md, Words)', () => {
  it('falls back to the path and plain words when nothing is set', async () => {
    const { metric } = await boundAttribute();
    expect(metric).toMatchObject({
      displayName: null,
      unit: null,
      trueLabel: null,
      falseLabel: null,
      display: { name: 'waterPressure', unit: null, trueLabel: null, falseLabel: null },
    });
  });

  it("takes the API attribute's defaults, and the bay attribute's own words over them", async () => {
    const { apiMetricId: ownApiMetricId, metric } = await boundAttribute();
    const defaults = await admin.patch('backend/apis/metrics/update', {
      id: ownApiMetricId,
      displayName: 'Trykk',
      unit: 'bar',
    });
    expect(defaults.json().data).toMatchObject({ displayName: 'Trykk', unit: 'bar', trueLabel: null });
    const read = await admin.post('backend/bays/metrics/get', { id: metric.id });
    expect(read.json().data.display).toEqual({
      name: 'Trykk',
      unit: 'bar',
      trueLabel: null,
      falseLabel: null,
    });

    const own = await admin.patch('backend/bays/metrics/update', {
      id: metric.id,
      displayName: ' Vanntrykk ',
    });
    expect(own.json().data).toMatchObject({
      displayName: 'Vanntrykk',
      unit: null,
      display: { name: 'Vanntrykk', unit: 'bar' },
    });
    // Searching finds it by the name shown.
    const found = await admin.post('backend/bays/metrics/get', {
      search: 'vanntrykk',
      filters: { bayId: metric.bayId },
    });
    expect(found.json().count).toBe(1);

    // Blank goes back to the default.
    const cleared = await admin.patch('backend/bays/metrics/update', { id: metric.id, displayName: '' });
    expect(cleared.json().data).toMatchObject({ displayName: null, display: { name: 'Trykk' } });
  });

  it('stores the words for true and false, and refuses words too long', async () => {
    const { metric } = await boundAttribute({
      path: 'doorOpen',
      type: 'boolean',
      operator: 'eq',
      thresholdCritical: 'true',
      thresholdWarning: '',
      thresholdActive: 'false',
      displayName: 'Dør',
      trueLabel: 'Åpen',
      falseLabel: 'Lukket',
    });
    expect(metric.display).toEqual({ name: 'Dør', unit: null, trueLabel: 'Åpen', falseLabel: 'Lukket' });
    // The bay's statistics title and label its chart with them.
    const now = Date.now();
    const stats = await admin.post('backend/bays/stats/get', {
      bayId: metric.bayId,
      from: new Date(now - 3_600_000).toISOString(),
      to: new Date(now).toISOString(),
    });
    expect(stats.json().data.attributes).toEqual([
      expect.objectContaining({ displayName: 'Dør', unit: null, trueLabel: 'Åpen', falseLabel: 'Lukket' }),
    ]);
    const long = await admin.patch('backend/bays/metrics/update', {
      id: metric.id,
      unit: 'kubikkmeter per time',
    });
    expect(long.statusCode).toBe(400);
    expect(fieldMessages(long.json()).unit).toBe('Enheten kan ikke være lenger enn 12 tegn');
  });
});

describe('display names and units: thresholds in order, and the words of an alert', () => {
  it('refuses thresholds in an order that cannot work, naming both fields, on create and on update', async () => {
    const created = await admin.post(
      'backend/bays/metrics/create',
      body({ operator: 'lt', thresholdCritical: '5', thresholdWarning: '3', thresholdActive: '' }),
    );
    expect(created.statusCode).toBe(400);
    expect(fieldMessages(created.json()).thresholdWarning).toBe(
      'Advarsel kan ikke være lavere enn Kritisk med operatoren <',
    );
    // gt with 90/70/0 is in order; turned to lt, the stored thresholds are not.
    const {
      metric: { id },
    } = await boundAttribute({
      operator: 'gt',
      thresholdCritical: '90',
      thresholdWarning: '70',
      thresholdActive: '0',
    });
    const flipped = await admin.patch('backend/bays/metrics/update', { id, operator: 'lt' });
    expect(flipped.statusCode).toBe(400);
    expect(fieldMessages(flipped.json()).thresholdWarning).toBe(
      'Advarsel kan ikke være lavere enn Kritisk med operatoren <',
    );
    const inverted = await admin.patch('backend/bays/metrics/update', {
      id,
      operator: 'lt',
      thresholdCritical: '0',
      thresholdActive: '90',
    });
    expect(inverted.statusCode).toBe(200);
  });

  it("answers an alert with the attribute's name shown and its words, and the stored name once it is gone", async () => {
    const { metric } = await boundAttribute({ displayName: 'Vanntrykk', unit: 'bar' });
    await ctx.database.pool.query(
      `insert into alerts (bay_metric_id, bay_id, location_id, attribute_name, level, last_value, reason)
       values ($1, $2, $3, 'Trykkverdier', 'critical', '1.2', 'kritisk: 1.2 < 2')`,
      [metric.id, metric.bayId, locationId],
    );
    const open = async () =>
      (await admin.post('backend/alerts/get', { filters: { bayId: metric.bayId } })).json().data[0];
    expect(await open()).toMatchObject({
      attributeName: 'Vanntrykk',
      lastValue: 1.2,
      attribute: {
        labels: { name: 'Vanntrykk', unit: 'bar', trueLabel: null, falseLabel: null },
        type: 'number',
        operator: 'lt',
        thresholds: {
          thresholdCritical: '2',
          thresholdWarning: '2,5',
          thresholdInactive: '',
          thresholdActive: '',
        },
      },
    });
    await admin.del('backend/bays/metrics/delete', { id: metric.id });
    expect(await open()).toMatchObject({ attributeName: 'Trykkverdier', attribute: null });
  });
});
