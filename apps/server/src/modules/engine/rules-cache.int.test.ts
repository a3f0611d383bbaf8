import { randomBytes } from 'node:crypto';
import { createSimulator, type Simulator } from '@vaskedrift/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeRow, type WiredLocation, wireLocation } from '../../../test/engine';
import {
  createTestApp,
  createTestInstance,
  type TestContext,
  type TestInstance,
} from '../../../test/helpers';
import { type ApiClient, caller } from '../../../test/locations';

/*
 * Each instance keeps the rules of the APIs it checks while the API's `rules_version` is the one it saw
 * (decision 009): an admin's change, another instance's check and a check that took the full transaction
 * all move the number on, and the next check reads the rules again — except after its own full check,
 * whose transaction answered the new version and whose writes it knows (issue 28).
 */
const env = { SECRET_KEY: randomBytes(32).toString('hex'), ALLOW_LOOPBACK_TARGETS: 'true' };
let sim: Simulator;
let ctx: TestContext;
let second: TestInstance;
let admin: ApiClient;
let wired: WiredLocation;
let bayKey: string;
let metricId: string;

beforeAll(async () => {
  sim = await createSimulator({ locationCount: 1, baysPerLocation: 2, drift: false });
  ctx = await createTestApp(env);
  second = await createTestInstance(ctx, env);
  admin = await caller(ctx, 'admin');
  const location = sim.locations[0];
  if (!location) throw new Error('ingen anlegg');
  wired = await wireLocation(admin, sim, location, { paths: ['temperature'] });
  bayKey = location.bays[0]?.key ?? '';
  metricId = wired.bayMetrics.get(`${bayKey}:temperature`) ?? '';
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);
const engineOf = (instance: { app: TestContext['app'] }) => instance.app.statusEngine.engine;
const rulesVersion = async () =>
  (await q('select rules_version from apis where id = $1', [wired.apiId])).rows[0].rules_version as number;

/** One check of the API by the given instance, through the real claim. */
async function checkOn(instance: { app: TestContext['app'] }) {
  await q(`update apis set next_check_at = now() - interval '1 millisecond' where id = $1`, [wired.apiId]);
  expect(await engineOf(instance).checkDue()).toEqual([wired.apiId]);
  await instance.app.bus.drain();
}

function setTemperature(value: number) {
  sim.control.setValues(wired.location.id, bayKey, { temperature: value });
}

/** The stored raw readings of the attribute, oldest first. */
async function storedValues(): Promise<number[]> {
  const { rows } = await q(
    `select r.value[array_position(r.series, m.series)] as v from readings r
     join bay_metrics m on m.series = any(r.series) where m.id = $1 order by r.read_at`,
    [metricId],
  );
  return rows.map((r) => Number(r.v));
}

describe('the rules cache', () => {
  it("takes an API's first success to the full transaction at once: no rules read into the cache for it", async () => {
    setTemperature(50);
    const before = engineOf(ctx).stats().processed;
    await checkOn(ctx); // never succeeded: every level is set by this check
    const after = engineOf(ctx).stats().processed;
    expect({
      full: after.full - before.full,
      quiet: after.quiet - before.quiet,
      loaded: after.rulesLoaded - before.rulesLoaded,
      known: after.rulesKnown - before.rulesKnown,
    }).toEqual({ full: 1, quiet: 0, loaded: 0, known: 1 });
    expect((await attributeRow(ctx, metricId)).last_level).toBe('active');
  });

  it("keeps an instance's rules between its quiet checks, and an admin's change reaches the next check", async () => {
    setTemperature(50);
    await checkOn(ctx); // the first levels: the full transaction
    await checkOn(ctx); // quiet, on the rules as this instance's full transaction left them
    const before = engineOf(ctx).stats().processed;
    await checkOn(ctx);
    const after = engineOf(ctx).stats().processed;
    expect(after.rulesCached - before.rulesCached).toBe(1);
    expect(after.rulesLoaded - before.rulesLoaded).toBe(0);
    expect((await attributeRow(ctx, metricId)).last_level).toBe('active');

    // 50 is above a warning threshold of 40: the cached rules (warning above 70) would keep it active.
    const res = await admin.patch('backend/bays/metrics/update', { id: metricId, thresholdWarning: '40' });
    expect(res.statusCode).toBe(200);
    await checkOn(ctx);
    expect((await attributeRow(ctx, metricId)).last_level).toBe('warning');
    expect(engineOf(ctx).stats().processed.rulesLoaded - after.rulesLoaded).toBe(1);
    await admin.patch('backend/bays/metrics/update', { id: metricId, thresholdWarning: '70' });
    await checkOn(ctx);
    expect((await attributeRow(ctx, metricId)).last_level).toBe('active');
  });

  it('keeps the rules its own full check wrote: the next quiet check reads none, and judges by what was written', async () => {
    setTemperature(50);
    await checkOn(ctx);
    await checkOn(ctx);
    setTemperature(75); // above the warning threshold of 70: a level change, the full transaction
    let before = engineOf(ctx).stats().processed;
    await checkOn(ctx);
    let after = engineOf(ctx).stats().processed;
    expect(after.full - before.full).toBe(1);
    expect(after.rulesKnown - before.rulesKnown).toBe(1);
    expect((await attributeRow(ctx, metricId)).last_level).toBe('warning');
    const stored = await storedValues();
    expect(stored.at(-1)).toBe(75);
    // Within the deadband of 75 (0.5 %), beyond that of 50: a cache still holding 50 would store it.
    setTemperature(75.1);
    before = after;
    await checkOn(ctx);
    after = engineOf(ctx).stats().processed;
    expect({
      quiet: after.quiet - before.quiet,
      cached: after.rulesCached - before.rulesCached,
      loaded: after.rulesLoaded - before.rulesLoaded,
    }).toEqual({ quiet: 1, cached: 1, loaded: 0 });
    expect(await storedValues()).toEqual(stored);
    expect((await attributeRow(ctx, metricId)).last_level).toBe('warning');
    setTemperature(50);
    await checkOn(ctx); // back to active: the full transaction again
    expect((await attributeRow(ctx, metricId)).last_level).toBe('active');
  });

  it('reads the rules again after another instance checked the API: no reading is judged by a stale stored value', async () => {
    setTemperature(50);
    await checkOn(ctx);
    await checkOn(ctx); // cached on the first instance, stored value 50
    const stored = await storedValues();
    setTemperature(60); // beyond the 0.5 % deadband: stored by the second instance
    await checkOn(second);
    // Within the deadband of 60, beyond that of 50: a first instance still holding 50 would store it.
    setTemperature(60.1);
    const before = engineOf(ctx).stats().processed;
    await checkOn(ctx);
    expect(engineOf(ctx).stats().processed.rulesLoaded - before.rulesLoaded).toBe(1);
    expect(await storedValues()).toEqual([...stored, 60]);
  });

  it("moves the API's rules_version on with every change a check reads, and with nothing else", async () => {
    const moves = async (change: () => Promise<{ statusCode: number }>) => {
      const before = await rulesVersion();
      const res = (await change()) as { statusCode: number; body?: string };
      expect(res.statusCode, res.body).toBe(200);
      return (await rulesVersion()) > before;
    };
    const bayId = wired.bays.get(bayKey) ?? '';
    expect(await moves(() => admin.patch('backend/bays/update', { id: bayId, name: 'Hall Nytt Navn' }))).toBe(
      true,
    );
    expect(
      await moves(() =>
        admin.patch('backend/locations/update', { id: wired.locationId, name: 'Anlegg Nytt' }),
      ),
    ).toBe(true);
    expect(
      await moves(() => admin.patch('backend/bays/metrics/update', { id: metricId, path: 'temperature' })),
    ).toBe(
      false, // the same path: nothing changed
    );
    expect(
      await moves(() => admin.patch('backend/bays/metrics/update', { id: metricId, deadbandPercent: 1 })),
    ).toBe(true);
    expect(
      await moves(() =>
        admin.patch('backend/apis/metrics/update', { id: wired.apiMetricId, name: 'Hallverdier' }),
      ),
    ).toBe(true);
    expect(
      await moves(() => admin.patch('backend/locations/update', { id: wired.locationId, city: 'Bergen' })),
    ).toBe(false);
    const otherBay = [...wired.bays.values()].find((id) => id !== bayId) ?? '';
    let created = '';
    expect(
      await moves(async () => {
        const pressure = wired.location.suggestedAttributes.find((a) => a.path !== 'temperature');
        const res = await admin.post('backend/bays/metrics/create', {
          bayId: otherBay,
          apiMetricId: wired.apiMetricId,
          keyValue: 'x',
          path: pressure?.path,
          type: pressure?.type,
          operator: pressure?.operator,
          ...pressure?.thresholds,
        });
        created = res.json().data?.id;
        return res;
      }),
    ).toBe(true);
    expect(await moves(() => admin.del('backend/bays/metrics/delete', { id: created }))).toBe(true);
  });
});
