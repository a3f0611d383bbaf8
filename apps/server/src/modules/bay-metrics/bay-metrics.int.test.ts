import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AttributeSetting, attributeSetting } from '../../../test/bay-metrics';
import { createTestApp, type TestContext } from '../../../test/helpers';
import {
  type ApiClient,
  caller,
  createBay,
  fieldMessages,
  grantAccess,
  unknownId,
} from '../../../test/locations';

let ctx: TestContext;
let admin: ApiClient;
let apiId: string;
let apiMetricId: string;
let locationId: string;
let body: AttributeSetting['body'];

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, apiId, apiMetricId, locationId, body } = await attributeSetting(ctx));
});
afterAll(() => ctx?.close());

describe('API attributes', () => {
  it.each([
    [{ keyIdentifier: 'a' }, 'keyIdentifier', 'Nøkkelidentifikatoren må være lenger enn 1 tegn'],
    [
      { keyIdentifier: 'a..b' },
      'keyIdentifier',
      'Ugyldig sti (bruk punktum mellom feltene, f.eks. status.code)',
    ],
    [{ targetKeys: 'a, b' }, 'targetKeys', 'Hver målnøkkel må være lenger enn 1 tegn'],
    [{ targetKeys: ' , ' }, 'targetKeys', 'Målnøkler er påkrevd'],
    [{ description: 'ab' }, 'description', 'Beskrivelsen må være lenger enn 2 tegn'],
    [{ name: 'Hall#' }, 'name', 'Navnet kan bare inneholde bokstaver, tall og mellomrom'],
    [{ apiId: unknownId() }, null, 'Fant ikke API-et'],
  ])('refuses %o', async (overrides, path, message) => {
    const res = await admin.post('backend/apis/metrics/create', {
      apiId,
      name: 'Attributt',
      description: 'Beskrivelse',
      keyIdentifier: 'bayId',
      targetKeys: 'temperature',
      ...overrides,
    });
    expect(res.statusCode).toBe(path ? 400 : 404);
    expect(path ? fieldMessages(res.json())[path] : res.json().message).toBe(message);
  });

  it('lists all API attributes with their API name and bay attribute count', async () => {
    const list = (await admin.post('backend/apis/metrics/get', { filters: { apiId } })).json();
    expect(list.data[0]).toMatchObject({ apiName: 'Kasse Oslo', name: 'Hallverdier', bayMetricCount: 0 });
  });
});

let bayCount = 0;

/** A bay of its own with one bay attribute, so a test sees only what it made. */
async function bayWithAttribute(): Promise<{ bayId: string; id: string }> {
  const ownBayId = await createBay(admin, locationId, { name: `Hall ${++bayCount}` });
  const res = await admin.post('backend/bays/metrics/create', body({ bayId: ownBayId }));
  expect(res.statusCode).toBe(200);
  return { bayId: ownBayId, id: res.json().data.id };
}

describe('bay attributes', () => {
  it('creates one and reads it with the API name and an empty last reading', async () => {
    const res = await admin.post('backend/bays/metrics/create', body());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      apiName: 'Kasse Oslo',
      apiMetricName: 'Hallverdier',
      bayName: 'Hall A',
      locationId,
      lastValue: null,
      lastLevel: null,
      lastReadAt: null,
      evaluated: false,
    });
  });

  it.each([
    [{ apiMetricId: undefined }, 'apiMetricId', 'API-attributt er påkrevd'],
    [{ type: undefined }, 'type', 'Type er påkrevd'],
    [{ operator: 'like' }, 'operator', 'Operator er påkrevd'],
    [{ keyValue: ' ' }, 'keyValue', 'Nøkkelverdi må fylles ut'],
    [{ path: '' }, 'path', 'Sti må fylles ut'],
    [
      { thresholdWarning: undefined },
      'thresholdWarning',
      'Terskelen må være med (tom tekst betyr at den ikke brukes)',
    ],
    [{ thresholdWarning: 'varm' }, 'thresholdWarning', 'Terskelen må være et tall'],
    [
      {
        type: 'boolean',
        operator: 'eq',
        thresholdCritical: 'kanskje',
        thresholdWarning: '',
        thresholdActive: 'false',
      },
      'thresholdCritical',
      'Terskelen må være true eller false',
    ],
    [
      { thresholdCritical: '', thresholdWarning: '', thresholdActive: '' },
      'thresholdCritical',
      'Minst én terskel må fylles ut',
    ],
  ])('refuses %o with "%s: %s"', async (overrides, path, message) => {
    const res = await admin.post('backend/bays/metrics/create', body(overrides));
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())[path]).toBe(message);
  });

  it('takes thresholds sent as JSON numbers and booleans as their text, stored and answered as strings', async () => {
    // A bay of its own, so the other tests' counts per bay stay as they are.
    const otherBayId = await createBay(admin, locationId, { name: 'Hall Terskel' });
    const numeric = await admin.post('backend/bays/metrics/create', {
      ...body({ thresholdWarning: 60, thresholdCritical: 90.5, thresholdActive: 0 }),
      bayId: otherBayId,
    });
    expect(numeric.statusCode).toBe(200);
    expect(numeric.json().data).toMatchObject({
      thresholdWarning: '60',
      thresholdCritical: '90.5',
      thresholdActive: '0',
    });
    const numericId = numeric.json().data.id;
    const { rows } = await ctx.database.pool.query(
      'select threshold_warning from bay_metrics where id = $1',
      [numericId],
    );
    expect(rows[0].threshold_warning).toBe('60');
    const read = await admin.post('backend/bays/metrics/get', { id: numericId });
    expect(read.json().data.thresholdWarning).toBe('60');
    const updated = await admin.patch('backend/bays/metrics/update', { id: numericId, thresholdWarning: 65 });
    expect(updated.json().data.thresholdWarning).toBe('65');

    const flag = await admin.post('backend/bays/metrics/create', {
      ...body({
        path: 'doorOpen',
        type: 'boolean',
        operator: 'eq',
        thresholdCritical: true,
        thresholdWarning: '',
        thresholdActive: false,
      }),
      bayId: otherBayId,
    });
    expect(flag.statusCode).toBe(200);
    expect(flag.json().data).toMatchObject({ thresholdCritical: 'true', thresholdActive: 'false' });

    const wrongType = await admin.post(
      'backend/bays/metrics/create',
      body({ bayId: otherBayId, thresholdWarning: true }),
    );
    expect(fieldMessages(wrongType.json()).thresholdWarning).toBe('Terskelen må være et tall');
    const notAValue = await admin.post(
      'backend/bays/metrics/create',
      body({ bayId: otherBayId, thresholdWarning: { v: 60 } }),
    );
    expect(notAValue.statusCode).toBe(400);
    expect(fieldMessages(notAValue.json()).thresholdWarning).toBe(
      'Terskelen må være med (tom tekst betyr at den ikke brukes)',
    );
  });

  it('checks thresholds against the resulting type on update', async () => {
    const { id } = await bayWithAttribute();
    const res = await admin.patch('backend/bays/metrics/update', { id, type: 'boolean' });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json()).thresholdCritical).toBe('Terskelen må være true eller false');
    const ok = await admin.patch('backend/bays/metrics/update', { id, thresholdWarning: '75' });
    expect(ok.json().data.thresholdWarning).toBe('75');
  });

  // A check locks its API, then writes its attributes (engine/api-run.repository.ts); an edit that locked the
  // attribute first and then waited for the API deadlocked with it, and PostgreSQL's abort was a 500.
  it.each([
    ['edits', (id: string) => admin.patch('backend/bays/metrics/update', { id, thresholdWarning: '70' })],
    ['deletes', (id: string) => admin.del('backend/bays/metrics/delete', { id })],
  ])(
    '%s an attribute while a check holds its API: waits for the check, never deadlocks with it',
    async (_, change) => {
      const { id } = await bayWithAttribute();
      const check = new pg.Client({ connectionString: ctx.databaseUrl });
      await check.connect();
      try {
        await check.query('begin');
        await check.query('select id from apis where id = $1 for update', [apiId]);
        const changed = change(id);
        // The change is waiting for a lock before the check goes on to write the attribute.
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline) {
          const { rows } = await check.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          if ((rows[0]?.n ?? 0) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await check.query('update bay_metrics set updated_at = now() where id = $1', [id]);
        await check.query('commit');
        expect((await changed).statusCode).toBe(200);
      } finally {
        await check.end();
      }
    },
  );

  it('is readable by an operator or user with access to the facility, hidden (404) from others', async () => {
    const { bayId, id } = await bayWithAttribute();
    const user = await caller(ctx, 'user');
    const outsider = await caller(ctx, 'operator');
    await grantAccess(ctx, user.user.id, locationId);
    expect((await user.post('backend/bays/metrics/get', { id })).statusCode).toBe(200);
    expect((await user.post('backend/bays/metrics/get', { filters: { bayId } })).json().count).toBe(1);
    expect((await outsider.post('backend/bays/metrics/get', { id })).statusCode).toBe(404);
    expect((await outsider.post('backend/bays/metrics/get', {})).json().count).toBe(0);
    expect((await user.post('backend/bays/metrics/create', body())).statusCode).toBe(403);
    expect((await user.patch('backend/bays/metrics/update', { id, keyValue: 'x' })).statusCode).toBe(403);
    expect((await user.del('backend/bays/metrics/delete', { id })).statusCode).toBe(403);
    expect((await user.post('backend/bays/metrics/readings/get', { bayMetricId: id })).json()).toMatchObject({
      data: [],
      resolution: 'raw',
    });
  });

  it('makes the bay status derived while its API is enabled, settable by hand again when disabled', async () => {
    const { bayId } = await bayWithAttribute();
    expect((await admin.patch('backend/bays/update', { id: bayId, status: 'warning' })).statusCode).toBe(200);
    await admin.patch('backend/apis/update', { id: apiId, status: 'enabled' });
    expect((await admin.patch('backend/bays/update', { id: bayId, status: 'error' })).statusCode).toBe(409);
    await admin.patch('backend/apis/update', { id: apiId, status: 'disabled' });
    expect((await admin.patch('backend/bays/update', { id: bayId, status: 'operational' })).statusCode).toBe(
      200,
    );
  });

  it('deletes it; deleting the API attribute takes the rest with it', async () => {
    const { id } = await bayWithAttribute();
    expect((await admin.del('backend/bays/metrics/delete', { id })).json().data).toEqual({ id });
    expect((await admin.post('backend/bays/metrics/get', { id })).statusCode).toBe(404);
    const other = (await admin.post('backend/bays/metrics/create', body())).json().data.id;
    expect((await admin.del('backend/apis/metrics/delete', { id: apiMetricId })).statusCode).toBe(200);
    expect((await admin.post('backend/bays/metrics/get', { id: other })).statusCode).toBe(404);
  });
});
