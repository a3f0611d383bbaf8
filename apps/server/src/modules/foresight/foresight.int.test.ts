import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestInstance,
  type TestContext,
  type TestInstance,
} from '../../../test/helpers';
import { caller } from '../../../test/locations';
import { settableClock } from '../../../test/maintenance-plans';
import { type PushedLocation, pushedLocation, recordedEvents } from '../../../test/notifications';
import { emailsTo, insertRecipient } from '../../../test/notify';
import { signedIn } from '../../../test/people';
import type { DomainEvents } from '../../events/domain-events';
import { createForesight } from './foresight';
import { type StoredVerdict, writeVerdicts } from './foresight.repository';

/*
 * Foresight end to end on the server (decision 035): pushed values that drift towards the critical threshold
 * (above 90, warning above 70) at a check every 30 s of an injected clock. The prediction must be published
 * on the live channel and told once to `prediction` recipients before the attribute leaves `active`, as the
 * opening of the bay's incident (decision 035), which the threshold crossed later carries on.
 */
const clock = settableClock();
const START = Date.parse('2026-03-02T08:00:00Z');
const STEP_MS = 30_000;
/** The same secret on both instances, so a token of one is taken by the other. */
const env = { INCIDENT_GROUP_WAIT_MS: '0', SECRET_KEY: randomBytes(32).toString('hex') };
let ctx: TestContext;
let second: TestInstance;
let f: PushedLocation;
const changes: Array<DomainEvents['bay_metric.prediction_changed']> = [];

beforeAll(async () => {
  clock.set(new Date(START).toISOString());
  ctx = await createTestApp(env, { clock });
  // Another server instance on the same database: it checks nothing here, and answers the API.
  second = await createTestInstance(ctx, env, { clock });
  const admin = await caller(ctx, 'admin');
  f = await pushedLocation(ctx, admin, { bays: 4 });
  // Every write of a stored verdict, as the database saw it (a row per insert or update).
  await ctx.database.pool.query(`
    create table verdict_writes (id serial, series int, verdict text);
    create function count_verdict_write() returns trigger language plpgsql as $$ begin
      insert into verdict_writes (series, verdict) values (new.series, concat_ws(' ', new.prediction_level,
        new.expected_at, new.confidence, new.unusual, new.normal_low, new.normal_high));
      return new; end $$;
    create trigger verdict_writes after insert or update on bay_metric_foresight
      for each row execute function count_verdict_write();`);
  await insertRecipient(
    ctx,
    { name: 'Driftsleder', email: 'forvarsel@example.com' },
    { tags: ['prediction'] },
  );
  await insertRecipient(ctx, { name: 'Vakt', email: 'vakt@example.com' }, { tags: ['critical', 'warning'] });
  ctx.app.bus.on('bay_metric.prediction_changed', (e) => {
    changes.push(e);
  });
});
afterAll(() => ctx?.close());

/** Pushes check `i` (its time START + i × 30 s) with the value 40 + 2i and waits for foresight to learn it. */
async function check(i: number, bay = 'hall-1', from = 0): Promise<number> {
  clock.set(new Date(START + i * STEP_MS).toISOString());
  const value = 40 + 2 * (i - from);
  expect(await f.push({ [bay]: { temp: value } })).toBe(200);
  await ctx.app.statusEngine.foresight.settled();
  await ctx.app.bus.drain();
  return value;
}

/**
 * Dispatches what is due by the wall clock: an incident's opening waits out its group wait (zero here)
 * against `created_at`, which PostgreSQL stamps in real time, while the injected clock is months behind.
 */
const dispatchNow = () => ctx.app.notifying.dispatcher.dispatchDue(new Date());

/** The notification of a prediction: its bay's incident opened at level `prediction` (decision 035). */
const isPredictionOpening = (e: { type: string; tag: string }) =>
  e.type === 'incident.opened' && e.tag === 'prediction';

/** A foresight of its own on the app's database and bus (as another instance's, or one after a restart). */
const foresightBeside = (options: { rebuild?: boolean } = {}) =>
  createForesight({
    db: ctx.app.statusEngine.db,
    bus: ctx.app.bus,
    log: ctx.app.log as Logger,
    horizonMinutes: async () => 60,
    clock,
    ...options,
  });

/** A quiet check's rule of a number series (no names): warning above 70, critical above 90. */
const numberRule = (series: number) =>
  ({ series, type: 'number', operator: 'gt', thresholdWarning: '70', thresholdCritical: '90' }) as const;

async function seriesOf(bayMetricId: string): Promise<number> {
  const { rows } = await ctx.database.pool.query('select series from bay_metrics where id = $1', [
    bayMetricId,
  ]);
  return rows[0].series;
}

async function levelOf(bayMetricId: string): Promise<string> {
  const { rows } = await ctx.database.pool.query('select last_level from bay_metrics where id = $1', [
    bayMetricId,
  ]);
  return rows[0].last_level;
}

describe('foresight', () => {
  it('tells a drift to critical before it trips, once, on the live channel and by e-mail', async () => {
    const bayMetricId = f.bayMetrics.get('hall-1:temp') as string;
    // Critical (above 90) at i = 25; the prediction must come while the value is still active (≤ 70, i ≤ 15).
    let predictedAt: number | null = null;
    for (let i = 0; i <= 15; i++) {
      await check(i);
      if (predictedAt === null && changes.length > 0) predictedAt = i;
    }
    expect(predictedAt).not.toBeNull();
    expect(await levelOf(bayMetricId)).toBe('active');
    const first = changes[0];
    expect(first).toMatchObject({ bayMetricId, from: null, prediction: { level: 'critical' } });
    // Expected at i = 25 (90 reached): within 10 % of the time left when it was predicted.
    const truth = START + 25 * STEP_MS;
    const at = START + (predictedAt as number) * STEP_MS;
    const expectedAt = Date.parse(first?.prediction?.expectedAt ?? '');
    expect(Math.abs(expectedAt - truth)).toBeLessThanOrEqual(0.1 * (truth - at));

    const told = (await recordedEvents(ctx)).filter(isPredictionOpening);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ tag: 'prediction', bay_ids: [f.bays.get('hall-1')], suppressed: null });

    // The contract answers it with the attribute.
    const reader = await caller(ctx, 'admin');
    const read = (await reader.post('backend/bays/metrics/get', { id: bayMetricId })).json().data;
    expect(read.prediction).toMatchObject({ level: 'critical', confidence: expect.any(Number) });
    expect(read.unusual).toBe(false);

    // On to critical: the prediction ends there and is not told again.
    for (let i = 16; i <= 26; i++) await check(i);
    expect(await levelOf(bayMetricId)).toBe('critical');
    expect(changes.at(-1)).toMatchObject({ bayMetricId, from: 'critical', prediction: null });
    // Only the changes: it appeared, it ended.
    expect(changes).toHaveLength(2);
    expect((await recordedEvents(ctx)).filter(isPredictionOpening)).toHaveLength(1);

    await dispatchNow();
    const [event] = (await recordedEvents(ctx)).filter(isPredictionOpening);
    expect(await emailsTo(ctx, event?.id)).toEqual(['forvarsel@example.com']);
    const { rows } = await ctx.database.pool.query<{ subject: string; text: string }>(
      'select subject, text from outbox where event_id = $1',
      [event?.id],
    );
    expect(rows[0]?.subject).toMatch(
      /^Forventet kritisk om ca\. \d+ min: .+ – Hall 1 – hallverdier \d+ og stigende$/,
    );
    expect(rows[0]?.text).toContain('sikkerhet');
  });

  it('rebuilds a series from its stored readings: a new instance predicts from the first value it sees', async () => {
    // hall-2 drifts the same way from check 40 on; its readings are stored (each moves more than the deadband).
    for (let i = 40; i <= 46; i++) await check(i, 'hall-2', 40);
    const { rows } = await ctx.database.pool.query<{ series: number; api: number }>(
      `select bm.series, a.key as api from bay_metrics bm join api_metrics am on am.id = bm.api_metric_id
       join apis a on a.id = am.api_id where bm.id = $1`,
      [f.bayMetrics.get('hall-2:temp')],
    );
    const { series, api } = rows[0] as { series: number; api: number };
    // As after a restart: a foresight that has seen nothing, then one check's value.
    const fresh = foresightBeside();
    const rule = {
      series,
      type: 'number',
      operator: 'gt',
      thresholdWarning: '70',
      thresholdCritical: '90',
    } as const;
    expect(fresh.of(series).prediction).toBeNull();
    clock.set(new Date(START + 47 * STEP_MS).toISOString());
    fresh.observe(api, clock.now(), [{ rule, level: 'active', value: 54 }]);
    await fresh.settled();
    // Critical (above 90) at check 65: the history carried the trend.
    const prediction = fresh.of(series).prediction;
    expect(prediction?.level).toBe('critical');
    const truth = START + 65 * STEP_MS;
    expect(Math.abs(Date.parse(prediction?.expectedAt ?? '') - truth)).toBeLessThanOrEqual(
      0.1 * (truth - (START + 47 * STEP_MS)),
    );
  });

  it('at a stop drops the series still waiting for their history and finishes the one being read', async () => {
    const { rows } = await ctx.database.pool.query<{ series: number; api: number }>(
      `select bm.series, a.key as api from bay_metrics bm join api_metrics am on am.id = bm.api_metric_id
       join apis a on a.id = am.api_id where bm.id = any($1) order by bm.series`,
      [[f.bayMetrics.get('hall-1:temp'), f.bayMetrics.get('hall-2:temp')]],
    );
    const [first, second] = rows as Array<{ series: number; api: number }>;
    if (!first || !second) throw new Error('two series expected');
    const stopping = foresightBeside();
    // Both first seen here: the first's history is read at once, the second's waits behind it.
    stopping.observe(first.api, clock.now(), [
      { rule: numberRule(first.series), level: 'active', value: 54 },
      { rule: numberRule(second.series), level: 'active', value: 54 },
    ]);
    expect(stopping.stats().series).toBe(2);
    await stopping.stop();
    expect(stopping.stats()).toMatchObject({ series: 1, rebuilt: 1, errors: 0 });
    expect(stopping.of(second.series)).toEqual({ prediction: null, unusual: false, normal: null });
  });

  it('is answered the same by every instance from the stored verdict, written once per change', async () => {
    const bayMetricId = f.bayMetrics.get('hall-3:temp') as string;
    const key = await seriesOf(bayMetricId);
    // hall-3 drifts from check 80 on, checked by this instance only (the push lands here).
    for (let i = 80; i <= 92; i++) await check(i, 'hall-3', 80);
    const learned = ctx.app.statusEngine.foresight.of(key);
    expect(learned.prediction?.level).toBe('critical');
    // The other instance has learned nothing of it, and answers what this one stored.
    expect(second.app.statusEngine.foresight.of(key).prediction).toBeNull();
    const { token } = await signedIn(ctx, 'admin');
    const readOnSecond = async () =>
      (
        await second.app.inject({
          method: 'POST',
          url: '/api/v1/backend/bays/metrics/get',
          headers: { authorization: `Bearer ${token}` },
          payload: { id: bayMetricId },
        })
      ).json().data;
    const there = await readOnSecond();
    expect(there.prediction).toMatchObject({ level: 'critical', confidence: expect.any(Number) });
    expect(there.normal).toEqual({ low: expect.any(Number), high: expect.any(Number) });
    // Within the 10 % the stored time may lag behind what this instance has learned since.
    const left = Date.parse(learned.prediction?.expectedAt ?? '') - clock.now().getTime();
    expect(
      Math.abs(Date.parse(there.prediction.expectedAt) - Date.parse(learned.prediction?.expectedAt ?? '')),
    ).toBeLessThanOrEqual(0.1 * left + 60_000);

    // Written only when it changed: nothing while there was nothing to say, then the prediction as it
    // appeared, then only a move of its confidence or of the normal range — never the same verdict twice.
    const { rows: writes } = await ctx.database.pool.query<{ verdict: string }>(
      'select verdict from verdict_writes where series = $1 order by id',
      [key],
    );
    expect(writes.length).toBeGreaterThanOrEqual(1);
    expect(writes.length).toBeLessThanOrEqual(4);
    expect(writes[0]?.verdict).toMatch(/^critical /);
    expect(new Set(writes.map((w) => w.verdict)).size).toBe(writes.length);

    // Its expected time passed with no newer prediction: no instance answers it any longer.
    const stored = await ctx.database.pool.query(
      'select expected_at from bay_metric_foresight where series = $1',
      [key],
    );
    clock.set(new Date(stored.rows[0].expected_at.getTime() + 60_000).toISOString());
    expect((await readOnSecond()).prediction).toBeNull();
  });

  it('stores each stretch of unusual checks as one mark, whichever verdict writes say it again', async () => {
    const bayMetricId = f.bayMetrics.get('hall-1:temp') as string;
    const key = await seriesOf(bayMetricId);
    const verdict = (unusual: boolean, low: number): StoredVerdict => ({
      level: null,
      expectedAt: null,
      confidence: null,
      unusual,
      low,
      high: low + 4,
    });
    const at = (minute: number) => Date.parse('2026-03-03T10:00:00Z') + minute * 60_000;
    // Unusual at 10:00, still at 10:01 (its normal range moved, so written again), over at 10:02, again at 10:05.
    await writeVerdicts(ctx.database.db, [[key, verdict(true, 40), at(0)]]);
    await writeVerdicts(ctx.database.db, [[key, verdict(true, 50), at(1)]]);
    await writeVerdicts(ctx.database.db, [[key, verdict(false, 50), at(2)]]);
    await writeVerdicts(ctx.database.db, [[key, verdict(false, 60), at(3)]]);
    await writeVerdicts(ctx.database.db, [[key, verdict(true, 60), at(5)]]);
    const { rows } = await ctx.database.pool.query(
      'select bay_id, started_at, ended_at from bay_metric_unusual where series = $1 order by started_at',
      [key],
    );
    expect(rows).toEqual([
      { bay_id: f.bays.get('hall-1'), started_at: new Date(at(0)), ended_at: new Date(at(2)) },
      { bay_id: f.bays.get('hall-1'), started_at: new Date(at(5)), ended_at: null },
    ]);
  });

  it('one bay, one incident: the prediction and the crossing it foretold, each recipient told by tag', async () => {
    const bayId = f.bays.get('hall-4') as string;
    await insertRecipient(
      ctx,
      { name: 'Begge', email: 'begge@example.com' },
      { tags: ['prediction', 'critical'] },
    );
    // Checked by the second instance (the pushes land there; this instance's push limit is spent).
    const push = async (i: number, temp: number) => {
      clock.set(new Date(START + i * STEP_MS).toISOString());
      expect(await f.push({ 'hall-4': { temp } }, second.app)).toBe(200);
      await second.app.statusEngine.foresight.settled();
    };
    /** E-mails written per address for the bay's incidents, by incident id. */
    const mails = async () => {
      await dispatchNow();
      const { rows } = await ctx.database.pool.query<{ incident_id: string; to: string; n: number }>(
        `select e.incident_id, o."to", count(*)::int as n from outbox o
         join notification_events e on e.id = o.event_id
         where o.channel = 'email' and $1 = any(e.bay_ids) group by 1, 2 order by 2`,
        [bayId],
      );
      return rows;
    };
    // Drifts from check 120 on: warning (above 70) at 136, critical (above 90) at 146.
    for (let i = 120; i <= 135; i++) await push(i, 40 + 2 * (i - 120));
    const before = await mails();
    // Before the trip: only the recipients of `prediction`, once; `critical`/`warning` alone hear nothing.
    expect(before.map((r) => [r.to, r.n])).toEqual([
      ['begge@example.com', 1],
      ['forvarsel@example.com', 1],
    ]);
    const [incidentId] = new Set(before.map((r) => r.incident_id));
    const { rows: opened } = await ctx.database.pool.query(
      'select level, notified_level from incidents where id = $1',
      [incidentId],
    );
    expect(opened).toEqual([{ level: 'prediction', notified_level: 'prediction' }]);

    // On to critical, then back to normal (a refill): the same incident throughout, resolved at the end.
    for (let i = 136; i <= 146; i++) await push(i, 40 + 2 * (i - 120));
    await push(147, 40);
    const after = await mails();
    expect(new Set(after.map((r) => r.incident_id))).toEqual(new Set([incidentId]));
    // Vakt (critical, warning): opened at warning, worsened, resolved. Begge (prediction, critical): the
    // prediction, worsened, resolved. Forvarsel (prediction): the prediction alone.
    expect(after.map((r) => [r.to, r.n])).toEqual([
      ['begge@example.com', 3],
      ['forvarsel@example.com', 1],
      ['vakt@example.com', 3],
    ]);
    const { rows: events } = await ctx.database.pool.query(
      'select type, tag from notification_events where incident_id = $1 order by id',
      [incidentId],
    );
    expect(events).toEqual([
      { type: 'incident.opened', tag: 'prediction' },
      { type: 'incident.opened', tag: 'warning' },
      { type: 'incident.worsened', tag: 'critical' },
      { type: 'incident.resolved', tag: 'critical' },
    ]);
    // The prediction was a cause while it stood, and ended when the threshold was crossed.
    const { rows: causes } = await ctx.database.pool.query(
      'select level, resolved_at is not null as ended from incident_predictions where incident_id = $1',
      [incidentId],
    );
    expect(causes).toEqual([{ level: 'critical', ended: true }]);
  });

  it("ends a deleted attribute's prediction, and the incident it alone held, without a message", async () => {
    // hall-3's drift (above) is predicted and stands in its bay's incident.
    const bayId = f.bays.get('hall-3') as string;
    const { rows: open } = await ctx.database.pool.query(
      `select i.id, i.level from incidents i join incident_predictions p on p.incident_id = i.id
       where i.bay_id = $1 and i.resolved_at is null and p.resolved_at is null`,
      [bayId],
    );
    expect(open).toEqual([{ id: expect.any(String), level: 'prediction' }]);
    const key = await seriesOf(f.bayMetrics.get('hall-3:temp') as string);
    expect(ctx.app.statusEngine.foresight.of(key).prediction?.level).toBe('critical');
    const admin = await caller(ctx, 'admin');
    const deleted = await admin.del('backend/bays/metrics/delete', { id: f.bayMetrics.get('hall-3:temp') });
    expect(deleted.statusCode).toBe(200);
    // Its series is gone from this instance, found by the attribute's id.
    expect(ctx.app.statusEngine.foresight.of(key).prediction).toBeNull();
    const { rows } = await ctx.database.pool.query(
      `select i.resolved_at is not null as resolved,
         (select count(*)::int from incident_predictions p where p.incident_id = i.id and p.resolved_at is null) as standing,
         (select count(*)::int from notification_events e where e.incident_id = i.id and e.type = 'incident.resolved') as told
       from incidents i where i.id = $1`,
      [open[0]?.id],
    );
    expect(rows).toEqual([{ resolved: true, standing: 0, told: 0 }]);
  });
  it("tells predictions that change together with each one's own names, read in one batch", async () => {
    const { rows } = await ctx.database.pool.query<{ id: string; series: number; api: number; bay: string }>(
      `select bm.id, bm.series, a.key as api, bm.bay_id as bay from bay_metrics bm
       join api_metrics am on am.id = bm.api_metric_id join apis a on a.id = am.api_id where bm.id = any($1)`,
      [[...f.bayMetrics.values()]],
    );
    // The attributes the tests before left (one was deleted): at least three to tell together.
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const own = foresightBeside({ rebuild: false });
    const seriesIds = new Set(rows.map((r) => r.id));
    const told: Array<DomainEvents['bay_metric.prediction_changed']> = [];
    const off = ctx.app.bus.on('bay_metric.prediction_changed', (e) => {
      if (seriesIds.has(e.bayMetricId)) told.push(e);
    });
    // A quiet check's rules carry no names: they are read when the predictions are told.
    const base = Date.parse('2026-05-04T08:00:00Z');
    for (let i = 0; i <= 15; i++) {
      own.observe(
        rows[0]?.api ?? 0,
        new Date(base + i * STEP_MS),
        rows.map((r) => ({ rule: numberRule(r.series), level: 'active' as const, value: 40 + 2 * i })),
      );
    }
    await own.settled();
    await ctx.app.bus.drain();
    off();
    expect(own.stats().errors).toBe(0);
    // The same values: the predictions appear at the same check, each told once with its own names.
    expect(told.map((e) => e.bayMetricId).sort()).toEqual(rows.map((r) => r.id).sort());
    for (const e of told) {
      const row = rows.find((r) => r.id === e.bayMetricId);
      expect(e).toMatchObject({
        bayId: row?.bay,
        locationId: f.locationId,
        prediction: { level: 'critical' },
      });
    }
  });
});
