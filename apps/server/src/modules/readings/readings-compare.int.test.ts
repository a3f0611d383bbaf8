import { type AttributeLevel, LEVEL_CODES, levelFromCode } from '@vaskedrift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller } from '../../../test/locations';
import { numberAttribute } from '../../../test/readings';
import { deadbandOf, shouldStoreReading } from './reading-policy';
import { insertReadings } from './readings.repository';

/*
 * The same recorded data through the old design (decision 007: a row per reading, 10-minute heartbeat,
 * points = the stored readings in each bucket) and the new one (decision 022: a row per check, 30-minute
 * heartbeat, the series reconstructed from stored points), compared with each other and with the truth:
 * every reading, each held until the next.
 */

let ctx: TestContext;
let admin: ApiClient;
let bayMetricId: string;
let series: number;
let apiKey: number;

const CHECK_MS = 30_000;
const DEADBAND = deadbandOf(null);
const HEARTBEAT_MS = 30 * 60_000;
const OLD_HEARTBEAT_MS = 10 * 60_000;

/** Three hours of a drifting temperature (as the simulator drifts) read every 30 s, with a warning spike. */
const START = Math.floor((Date.now() - 3 * 3_600_000) / CHECK_MS) * CHECK_MS;
const READINGS = Array.from({ length: 3 * 120 }, (_, n) => {
  const t = START + n * CHECK_MS;
  const wave = Math.sin((2 * Math.PI * t) / 3_600_000) + 0.5 * Math.sin((2 * Math.PI * t) / 420_000);
  const value = n >= 200 && n < 203 ? 75 : Math.round((38 + 1.5 * wave) * 10) / 10;
  const level: AttributeLevel = value > 90 ? 'critical' : value > 70 ? 'warning' : 'active';
  return { at: t, value, level };
});
const TO = START + READINGS.length * CHECK_MS;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  ({ bayMetricId, series, apiKey } = await numberAttribute(ctx, admin, {
    name: 'Temperatur',
    path: 'temp',
    operator: 'gt',
    critical: '90',
    warning: '70',
    active: '0',
  }));

  // The old design: its table and its rule.
  await q(`create table old_readings (series int not null, read_at timestamptz not null, value float8,
    text text, level int2 not null)`);
  let old: { value: number | null; level: AttributeLevel | null; at: Date | null } = {
    value: null,
    level: null,
    at: null,
  };
  let now = { ...old };
  for (const r of READINGS) {
    if (shouldStoreReading(old, r, r.at, OLD_HEARTBEAT_MS, 0.005)) {
      await q('insert into old_readings values ($1, $2, $3, null, $4)', [
        series,
        new Date(r.at),
        r.value,
        LEVEL_CODES[r.level],
      ]);
      old = { value: r.value, level: r.level, at: new Date(r.at) };
    }
    // The new design, through what a check calls.
    if (shouldStoreReading(now, r, r.at, HEARTBEAT_MS, DEADBAND)) {
      await insertReadings(ctx.database.db, [
        { api: apiKey, at: new Date(r.at), rows: [{ series, value: r.value, level: r.level }] },
      ]);
      now = { value: r.value, level: r.level, at: new Date(r.at) };
    }
  }
});
afterAll(() => ctx?.close());

const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);

type Point = { at: string; min: number; max: number; avg: number; count: number; level: AttributeLevel };

/** Decision 007's chart query over raw readings (the old `readPoints`), on the old table. */
async function oldAnswer(bucketSeconds: number): Promise<Point[]> {
  const { rows } = await q(
    `select to_timestamp(floor(extract(epoch from read_at) / $2) * $2) as at, min(value) as min,
       max(value) as max, avg(value) as avg, count(*)::int as count, max(level)::int as worst
     from old_readings where series = $1 and read_at >= $3 and read_at < $4 group by 1 order by 1`,
    [series, bucketSeconds, new Date(START), new Date(TO)],
  );
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    min: Number(r.min),
    max: Number(r.max),
    avg: Number(r.avg),
    count: r.count,
    level: levelFromCode(r.worst),
  }));
}

/** Every reading held until the next one: the extremes, time-weighted mean and worst level of each bucket. */
function truth(bucketMs: number) {
  const buckets = new Map<number, { min: number; max: number; sum: number; weight: number; worst: number }>();
  READINGS.forEach((r, i) => {
    const end = READINGS[i + 1]?.at ?? TO;
    for (let b = Math.floor(r.at / bucketMs) * bucketMs; b < end; b += bucketMs) {
      const covered = Math.min(end, b + bucketMs) - Math.max(r.at, b);
      if (covered <= 0) continue;
      const acc = buckets.get(b) ?? { min: Infinity, max: -Infinity, sum: 0, weight: 0, worst: 0 };
      acc.min = Math.min(acc.min, r.value);
      acc.max = Math.max(acc.max, r.value);
      acc.sum += r.value * covered;
      acc.weight += covered;
      acc.worst = Math.max(acc.worst, LEVEL_CODES[r.level]);
      buckets.set(b, acc);
    }
  });
  return buckets;
}

describe('readings/get before and after (decision 022)', () => {
  it('stores far fewer readings than there are checks, and fewer than the old design', async () => {
    const stored = (await q('select coalesce(sum(cardinality(series)), 0)::int as n from readings')).rows[0]
      .n;
    const old = (await q('select count(*)::int as n from old_readings')).rows[0].n;
    expect(stored).toBeGreaterThan(10);
    expect(stored).toBeLessThanOrEqual(old);
    expect(old).toBeLessThan(READINGS.length);
  });

  for (const maxPoints of [1000, 100, 20]) {
    it(`answers within the deadband of every reading, and covers what the old answer showed (maxPoints ${maxPoints})`, async () => {
      const res = await admin.post('backend/bays/metrics/readings/get', {
        bayMetricId,
        from: new Date(START).toISOString(),
        to: new Date(TO).toISOString(),
        maxPoints,
      });
      expect(res.statusCode).toBe(200);
      const answer = res.json() as { data: Point[]; resolution: string; bucketSeconds: number };
      expect(answer.resolution).toBe('raw');
      expect(answer.data.length).toBeLessThanOrEqual(maxPoints);
      const expected = truth(answer.bucketSeconds * 1000);
      // Every bucket with readings has a point, and nothing else.
      expect(answer.data.map((p) => Date.parse(p.at))).toEqual([...expected.keys()].sort((a, b) => a - b));
      for (const p of answer.data) {
        const t = expected.get(Date.parse(p.at));
        if (!t) throw new Error(`no truth for ${p.at}`);
        const tolerance = DEADBAND * Math.max(Math.abs(t.min), Math.abs(t.max)) + 1e-9;
        expect(Math.abs(p.min - t.min), `min at ${p.at}`).toBeLessThanOrEqual(tolerance);
        expect(Math.abs(p.max - t.max), `max at ${p.at}`).toBeLessThanOrEqual(tolerance);
        expect(Math.abs(p.avg - t.sum / t.weight), `avg at ${p.at}`).toBeLessThanOrEqual(tolerance);
        expect(p.level).toBe(levelFromCode(t.worst));
      }
      // The old answer's points (stored readings in each bucket) lie within the new answer's extremes.
      const byTime = new Map(answer.data.map((p) => [p.at, p]));
      const before = await oldAnswer(answer.bucketSeconds);
      expect(before.length).toBeGreaterThan(0);
      for (const o of before) {
        const p = byTime.get(o.at);
        if (!p) throw new Error(`the new answer has no point at ${o.at}`);
        const tolerance = DEADBAND * Math.abs(o.max) + 1e-9;
        expect(o.min).toBeGreaterThanOrEqual(p.min - tolerance);
        expect(o.max).toBeLessThanOrEqual(p.max + tolerance);
        expect(LEVEL_CODES[p.level]).toBeGreaterThanOrEqual(LEVEL_CODES[o.level]);
      }
    });
  }
});

/*
 * The rollup tiers: the same readings, DAYS_AGO days back (older than the raw retention of 48 hours, so
 * readings/get answers from the minute tier at 3 days and from the hour tier at 20), stored under the same
 * rule, rolled up by the job into the packed rows and read back through readings/get. Before: what the
 * tier answered in decision 007's layout, figures of the stored readings per bucket in float8, computed
 * here from the same stored readings. After: within half the deadband of it (a quarter per tier's
 * quantization), counts and levels exact.
 */
describe('readings/get from the packed rollup tiers, before and after (decision 022)', () => {
  const tiers = [
    { tier: 'minute', daysAgo: 3, maxPoints: [1000, 60] },
    { tier: 'hour', daysAgo: 20, maxPoints: [1000, 10] },
  ] as const;
  const stored = new Map<string, Array<{ at: number; value: number; level: number }>>();
  const ids = new Map<string, string>();

  beforeAll(async () => {
    let earliest = Number.POSITIVE_INFINITY;
    for (const { tier, daysAgo } of tiers) {
      const shift = daysAgo * 86_400_000;
      const attribute = await numberAttribute(ctx, admin, {
        name: `Temperatur ${tier}`,
        path: 'temp',
        operator: 'gt',
        critical: '90',
        warning: '70',
        active: '0',
      });
      ids.set(tier, attribute.bayMetricId);
      const kept: Array<{ at: number; value: number; level: number }> = [];
      let now: { value: number | null; level: AttributeLevel | null; at: Date | null } = {
        value: null,
        level: null,
        at: null,
      };
      for (const r of READINGS) {
        const at = r.at - shift;
        if (!shouldStoreReading(now, r, at, HEARTBEAT_MS, DEADBAND)) continue;
        await insertReadings(ctx.database.db, [
          {
            api: attribute.apiKey,
            at: new Date(at),
            rows: [{ series: attribute.series, value: r.value, level: r.level }],
          },
        ]);
        now = { value: r.value, level: r.level, at: new Date(at) };
        kept.push({ at, value: r.value, level: LEVEL_CODES[r.level] });
      }
      stored.set(tier, kept);
      earliest = Math.min(earliest, START - shift);
    }
    // The job starts where the oldest readings begin and catches up to now.
    const hour = new Date(Math.floor(earliest / 3_600_000) * 3_600_000);
    const day = new Date(Math.floor(earliest / 86_400_000) * 86_400_000);
    await q(
      `insert into readings_rollup_state (tier, done_until) values ('minute', $1), ('hour', $2)
       on conflict (tier) do update set done_until = excluded.done_until`,
      [hour, day],
    );
    const engine = ctx.app.statusEngine.engine;
    let report = await engine.runMaintenance();
    for (let i = 0; i < 300 && report?.behind; i++) report = await engine.runMaintenance();
    expect(report?.behind).toBe(false);
  });

  for (const { tier, daysAgo, maxPoints } of tiers) {
    for (const max of maxPoints) {
      it(`answers from the ${tier} tier within half the deadband of the unpacked figures (maxPoints ${max})`, async () => {
        const shift = daysAgo * 86_400_000;
        const res = await admin.post('backend/bays/metrics/readings/get', {
          bayMetricId: ids.get(tier),
          from: new Date(START - shift).toISOString(),
          to: new Date(TO - shift).toISOString(),
          maxPoints: max,
        });
        expect(res.statusCode).toBe(200);
        const answer = res.json() as { data: Point[]; resolution: string; bucketSeconds: number };
        expect(answer.resolution).toBe(tier);
        expect(answer.data.length).toBeLessThanOrEqual(max);
        const bucketMs = answer.bucketSeconds * 1000;
        const before = new Map<
          number,
          { min: number; max: number; sum: number; count: number; worst: number }
        >();
        // A tier's entry (a minute or hour) is shown when it starts within the range.
        const entryMs = tier === 'minute' ? 60_000 : 3_600_000;
        for (const s of stored.get(tier) ?? []) {
          const entry = Math.floor(s.at / entryMs) * entryMs;
          if (entry < START - shift || entry >= TO - shift) continue;
          const b = Math.floor(s.at / bucketMs) * bucketMs;
          const acc = before.get(b) ?? { min: Infinity, max: -Infinity, sum: 0, count: 0, worst: 0 };
          acc.min = Math.min(acc.min, s.value);
          acc.max = Math.max(acc.max, s.value);
          acc.sum += s.value;
          acc.count++;
          acc.worst = Math.max(acc.worst, s.level);
          before.set(b, acc);
        }
        expect(answer.data.map((p) => Date.parse(p.at))).toEqual([...before.keys()].sort((a, b) => a - b));
        expect(answer.data.length).toBeGreaterThan(1);
        for (const p of answer.data) {
          const b = before.get(Date.parse(p.at));
          if (!b) throw new Error(`no figures for ${p.at}`);
          const tolerance = (DEADBAND / 2) * Math.max(Math.abs(b.min), Math.abs(b.max)) + 1e-9;
          expect(Math.abs(p.min - b.min), `min at ${p.at}`).toBeLessThanOrEqual(tolerance);
          expect(Math.abs(p.max - b.max), `max at ${p.at}`).toBeLessThanOrEqual(tolerance);
          expect(Math.abs(p.avg - b.sum / b.count), `avg at ${p.at}`).toBeLessThanOrEqual(tolerance);
          expect(p.count).toBe(b.count);
          expect(p.level).toBe(levelFromCode(b.worst));
        }
      });
    }
  }
});
