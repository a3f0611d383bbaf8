import { describe, expect, it } from 'vitest';
import {
  createSeries,
  isUnusual,
  predictCrossing,
  type SeriesState,
  SLOT_COUNT,
  seriesBytes,
  seriesFromJson,
  seriesToJson,
  slotOf,
  updateSeries,
} from './model';

/* Synthetic series: a reading every half minute from a Monday 00:00 UTC, with a seeded noise. */
const MONDAY = Date.UTC(2026, 0, 5);
const STEP = 30_000;
const MIN = 60_000;
const HOUR = 3_600_000;

function noise(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    const u = (s + 0.5) / 2 ** 32;
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    const v = (s + 0.5) / 2 ** 32;
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
}

function feed(state: SeriesState, from: number, to: number, value: (at: number) => number, step = STEP) {
  for (let at = from; at < to; at += step) updateSeries(state, at, value(at));
}

/** Pressure falling below 2 bar is critical, below 2.5 a warning. */
const PRESSURE = { warning: { op: 'lt', value: 2.5 }, critical: { op: 'lt', value: 2 } } as const;

describe('predictCrossing', () => {
  it('predicts a steady drift after a handful of readings, its time within 10 % of the truth', () => {
    const state = createSeries();
    /* 3.0 bar falling 0.01 bar a minute: critical (2.0) after 100 minutes; five checks a minute apart. */
    const value = (at: number) => 3 - (0.01 * (at - MONDAY)) / MIN;
    feed(state, MONDAY, MONDAY + 5 * MIN, value, MIN);
    const now = MONDAY + 4 * MIN;
    const crossing = predictCrossing(state, now, PRESSURE);
    expect(crossing?.level).toBe('critical');
    const truth = MONDAY + 100 * MIN;
    expect(Math.abs((crossing?.expectedAt ?? 0) - truth)).toBeLessThan(0.1 * (truth - now));
    expect(crossing?.confidence).toBeGreaterThan(0.5);
  });

  it('predicts a noisy drift with its time within 10 % of the truth, and less confidence than a clean one', () => {
    const state = createSeries();
    const n = noise(7);
    /* 3.0 bar falling 0.3 bar an hour with 0.02 bar noise: critical at 3 h 20 min. */
    const value = (at: number) => 3 - (0.3 * (at - MONDAY)) / HOUR + 0.02 * n();
    feed(state, MONDAY, MONDAY + 2 * HOUR, value);
    const now = MONDAY + 2 * HOUR - STEP;
    const crossing = predictCrossing(state, now, PRESSURE);
    expect(crossing?.level).toBe('critical');
    const truth = MONDAY + (10 / 3) * HOUR;
    expect(Math.abs((crossing?.expectedAt ?? 0) - truth)).toBeLessThan(0.1 * (truth - now));
    expect(crossing?.confidence).toBeGreaterThan(0);
    expect(crossing?.confidence).toBeLessThanOrEqual(1);
  });

  it('gives the warning when the critical threshold is not set, nothing once the value is critical', () => {
    const state = createSeries();
    const value = (at: number) => 3 - (0.01 * (at - MONDAY)) / MIN;
    feed(state, MONDAY, MONDAY + 10 * MIN, value, MIN);
    expect(predictCrossing(state, MONDAY + 9 * MIN, { warning: PRESSURE.warning })?.level).toBe('warning');
    feed(state, MONDAY + 10 * MIN, MONDAY + 105 * MIN, value, MIN);
    expect(predictCrossing(state, MONDAY + 104 * MIN, PRESSURE)).toBeNull();
  });

  it('predicts critical from warning while still falling', () => {
    const state = createSeries();
    const value = (at: number) => 3 - (0.01 * (at - MONDAY)) / MIN;
    feed(state, MONDAY, MONDAY + 70 * MIN, value, MIN);
    const crossing = predictCrossing(state, MONDAY + 69 * MIN, PRESSURE);
    expect(crossing?.level).toBe('critical');
  });

  it('predicts nothing on a flat series, a noisy flat series, a drift away, or eq/ne thresholds', () => {
    const flat = createSeries();
    feed(flat, MONDAY, MONDAY + 3 * HOUR, () => 3);
    expect(predictCrossing(flat, MONDAY + 3 * HOUR, PRESSURE)).toBeNull();

    const n = noise(11);
    const noisy = createSeries();
    let predictions = 0;
    for (let at = MONDAY; at < MONDAY + 7 * 24 * HOUR; at += STEP) {
      updateSeries(noisy, at, 3 + 0.2 * n());
      if (predictCrossing(noisy, at, PRESSURE) !== null) predictions++;
    }
    expect(predictions).toBe(0);

    const rising = createSeries();
    feed(rising, MONDAY, MONDAY + 10 * MIN, (at) => 3 + (0.01 * (at - MONDAY)) / MIN, MIN);
    expect(predictCrossing(rising, MONDAY + 9 * MIN, PRESSURE)).toBeNull();

    const falling = createSeries();
    feed(falling, MONDAY, MONDAY + 10 * MIN, (at) => 3 - (0.01 * (at - MONDAY)) / MIN, MIN);
    expect(predictCrossing(falling, MONDAY + 9 * MIN, { critical: { op: 'eq', value: 2 } })).toBeNull();
  });

  it('predicts nothing from a single step: the trend starts over at the new value', () => {
    const state = createSeries();
    const n = noise(3);
    feed(state, MONDAY, MONDAY + HOUR, () => 3 + 0.01 * n());
    feed(state, MONDAY + HOUR, MONDAY + HOUR + 3 * MIN, () => 2.6 + 0.01 * n());
    expect(predictCrossing(state, MONDAY + HOUR + 3 * MIN, PRESSURE)).toBeNull();
  });

  it('predicts a staircase drift read in 0.1 steps a check a minute: one stair is no step, a refill is', () => {
    const state = createSeries();
    /* A tank at 6.5 % for an hour, then 6.5 → 5.0 % over 90 min read in 0.1 % steps (critical below 5). */
    const tank = { warning: { op: 'lt', value: 5.5 }, critical: { op: 'lt', value: 5 } } as const;
    const drainFrom = MONDAY + HOUR;
    const level = (at: number) =>
      Math.round(10 * (at < drainFrom ? 6.5 : 6.5 - (1.5 * (at - drainFrom)) / (90 * MIN))) / 10;
    /* Warned 45 min before the crossing, within 20 % of its time. */
    const now = drainFrom + 45 * MIN;
    feed(state, MONDAY, now + MIN, level, MIN);
    const crossing = predictCrossing(state, now, tank);
    expect(crossing?.level).toBe('critical');
    const truth = drainFrom + 90 * MIN;
    expect(Math.abs((crossing?.expectedAt ?? 0) - truth)).toBeLessThan(0.2 * (truth - now));
    /* A refill to 90 % restarts the trend: nothing predicted from the jump. */
    feed(state, now + MIN, now + 4 * MIN, () => 90, MIN);
    expect(predictCrossing(state, now + 3 * MIN, tank)).toBeNull();
  });

  it('never predicts a counter, and a counter reset is not unusual', () => {
    const counter = createSeries('counter');
    let count = 0;
    for (let at = MONDAY; at < MONDAY + 4 * 7 * 24 * HOUR; at += 5 * MIN) {
      count += 1;
      updateSeries(counter, at, count);
    }
    const at = MONDAY + 4 * 7 * 24 * HOUR;
    expect(predictCrossing(counter, at, { critical: { op: 'gt', value: count + 10 } })).toBeNull();
    /* Reset to 0: not unusual, and the next reading at the usual pace is not either. */
    expect(isUnusual(counter, at, 0).unusual).toBe(false);
    updateSeries(counter, at, 0);
    expect(isUnusual(counter, at + 5 * MIN, 1).unusual).toBe(false);
    updateSeries(counter, at + 5 * MIN, 1);
    /* Fifty washes in five minutes is. */
    expect(isUnusual(counter, at + 10 * MIN, 51).unusual).toBe(true);
  });
});

describe('isUnusual', () => {
  /* A daily rhythm: 40 °C by day (08–20 UTC), 20 °C at night, with 0.5 °C noise. */
  const rhythm = (at: number) =>
    new Date(at).getUTCHours() >= 8 && new Date(at).getUTCHours() < 20 ? 40 : 20;

  it('flags only the true outliers of a rhythm after some weeks of it', () => {
    const state = createSeries();
    const n = noise(5);
    feed(state, MONDAY, MONDAY + 3 * 7 * 24 * HOUR, (at) => rhythm(at) + 0.5 * n(), MIN);
    /* The fourth week: every normal reading is not unusual; injected outliers are. */
    let falseMarks = 0;
    let caught = 0;
    let injected = 0;
    const start = MONDAY + 3 * 7 * 24 * HOUR;
    for (let at = start; at < start + 7 * 24 * HOUR; at += MIN) {
      const outlier = (at - start) % (97 * MIN) === 0;
      /* An outlier: the night's value by day or the day's by night (inside any threshold). */
      const value = outlier ? 60 - rhythm(at) + 0.5 * n() : rhythm(at) + 0.5 * n();
      const result = isUnusual(state, at, value);
      if (outlier) {
        injected++;
        if (result.unusual) caught++;
      } else if (result.unusual) falseMarks++;
      updateSeries(state, at, value);
    }
    expect(injected).toBeGreaterThan(50);
    expect(caught).toBe(injected);
    expect(falseMarks).toBe(0);
  });

  it('tells the normal range of the slot, and nothing before the slot has learned', () => {
    const state = createSeries();
    expect(isUnusual(state, MONDAY, 3)).toEqual({ unusual: false, normal: null });
    const n = noise(9);
    feed(state, MONDAY, MONDAY + 20 * MIN, () => 3.1 + 0.05 * n(), MIN);
    const { normal } = isUnusual(state, MONDAY + 20 * MIN, 3.1);
    expect(normal?.low).toBeLessThan(3.1);
    expect(normal?.high).toBeGreaterThan(3.1);
    expect(normal?.low).toBeGreaterThan(2.5);
    expect(isUnusual(state, MONDAY + 20 * MIN, 2.3).unusual).toBe(true);
    /* Another slot (Monday 04:00) has learned nothing yet. */
    expect(isUnusual(state, MONDAY + 4 * HOUR, 2.3)).toEqual({ unusual: false, normal: null });
  });

  it('shows a normal range within what the series has read, and judges by the whole range', () => {
    /*
     * A tank read 10 % and 90 % in turn: centre 50, spread about 42 (the average absolute deviation from a
     * centre that moved towards 50 as it learned), so 6 spreads make about −200…300 %. Shown, that is 10–90 %;
     * 95 is inside the whole range (not unusual), −300 outside both.
     */
    const tank = createSeries();
    let i = 0;
    feed(tank, MONDAY, MONDAY + 30 * MIN, () => (i++ % 2 === 0 ? 10 : 90), MIN);
    expect(isUnusual(tank, MONDAY + 30 * MIN, 95)).toEqual({ unusual: false, normal: { low: 10, high: 90 } });
    expect(isUnusual(tank, MONDAY + 30 * MIN, -300).unusual).toBe(true);
    /* A wash counter counting 0 and 10 washes a minute in turn: its rate 0 or 600 an hour, shown from 0. */
    const washes = createSeries('counter');
    let count = 0;
    feed(washes, MONDAY, MONDAY + 30 * MIN, () => (count += i++ % 2 === 0 ? 0 : 10), MIN);
    const { normal } = isUnusual(washes, MONDAY + 30 * MIN, count + 5);
    expect(normal?.low).toBe(0);
    expect(normal?.high).toBeGreaterThan(600);
  });
});

describe('the series state', () => {
  it('is small and survives JSON', () => {
    const state = createSeries();
    feed(state, MONDAY, MONDAY + 2 * 24 * HOUR, (at) => 3 + Math.sin(at / HOUR));
    expect(seriesBytes()).toBeLessThanOrEqual(1024);
    const copy = seriesFromJson(JSON.parse(JSON.stringify(seriesToJson(state))));
    const at = MONDAY + 2 * 24 * HOUR;
    expect(isUnusual(copy, at, 9)).toEqual(isUnusual(state, at, 9));
    /* Every slot read back on its code, from values written with no more digits than they need. */
    expect(copy.centre).toEqual(state.centre);
    expect(copy.spread).toEqual(state.spread);
    expect(copy.centre).toHaveLength(SLOT_COUNT);
    expect(JSON.stringify(seriesToJson(state)).length).toBeLessThan(2_600);
  });

  it('numbers the slots of the week from Monday 00:00 UTC', () => {
    expect(slotOf(MONDAY)).toBe(0);
    expect(slotOf(MONDAY + 2 * HOUR)).toBe(1);
    expect(slotOf(MONDAY - 1)).toBe(SLOT_COUNT - 1);
  });
});
