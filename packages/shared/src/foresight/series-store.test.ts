import { describe, expect, it } from 'vitest';
import { updateSeries } from './model';
import { COUNT_LIMIT, createSeries, SeriesStore, SLOT_COUNT } from './series-store';

const MONDAY = Date.UTC(2026, 0, 5);

describe('the series store', () => {
  it("keeps each slot's count apart in its 10 bits, up to COUNT_LIMIT", () => {
    const state = createSeries();
    const count = (slot: number) => (slot * 12 + 7) % (COUNT_LIMIT + 1);
    for (let slot = 0; slot < SLOT_COUNT; slot++) state.setSlot(slot, slot, slot / 2, count(slot));
    for (let slot = 0; slot < SLOT_COUNT; slot++) expect(state.countAt(slot)).toBe(count(slot));
    /* A count above the limit is kept at it; the slots sharing its bytes keep theirs. */
    state.setSlot(5, 1, 1, 5_000);
    expect(state.countAt(5)).toBe(COUNT_LIMIT);
    for (const slot of [4, 6, 7]) expect(state.countAt(slot)).toBe(count(slot));
    state.setSlot(5, 1, 1, 256);
    expect(state.countAt(5)).toBe(256);
    expect(Array.from(state.count)).toHaveLength(SLOT_COUNT);
    state.release();
  });

  it('keeps centres within a step of their grid and spreads within 0.04 %, widening the grid for a far value', () => {
    const state = createSeries();
    for (let slot = 0; slot < SLOT_COUNT; slot++) state.setSlot(slot, 3 + slot / 100, slot / 200, 20);
    const fine = state.step;
    expect(fine).toBeLessThan(0.83 / 32_768);
    for (let slot = 0; slot < SLOT_COUNT; slot++) {
      expect(Math.abs(state.centreAt(slot) - (3 + slot / 100))).toBeLessThanOrEqual(fine);
      expect(Math.abs(state.spreadAt(slot) - slot / 200)).toBeLessThanOrEqual(0.0004 * (slot / 200) + fine);
    }
    /* A centre far outside: the grid takes it, at least twice as coarse, and the others stay near theirs. */
    state.setSlot(0, 1_000, 0.5, 20);
    expect(state.step).toBeGreaterThanOrEqual(2 * fine);
    expect(state.centreAt(0)).toBeCloseTo(1_000, 1);
    for (let slot = 1; slot < SLOT_COUNT; slot++) {
      expect(Math.abs(state.centreAt(slot) - (3 + slot / 100))).toBeLessThanOrEqual(state.step);
      expect(Math.abs(state.spreadAt(slot) - slot / 200)).toBeLessThanOrEqual(0.0004 * (slot / 200) + fine);
    }
    /* A value read and set again keeps its code; 0 is on every grid. */
    const before = [state.centreAt(7), state.spreadAt(7)];
    state.setSlot(7, state.centreAt(7), state.spreadAt(7), 20);
    expect([state.centreAt(7), state.spreadAt(7)]).toEqual(before);
    state.setSlot(8, 0, 0, 20);
    expect([state.centreAt(8), state.spreadAt(8)]).toEqual([0, 0]);
    state.release();
  });

  it("follows an average whose steps are far finer than the grid's (rounded at random, not to the nearest)", () => {
    const state = createSeries();
    /* A grid of about 0.003 (a slot at 110), and an average moving by 1/960 of a deviation of 1: 0.001. */
    state.setSlot(1, 110, 0, 1);
    let centre = 10;
    let spread = 1;
    state.setSlot(0, centre, spread, COUNT_LIMIT);
    let at = MONDAY;
    for (let i = 0; i < 2_000; i++, at += 30_000) {
      const value = 11 + (i % 2 ? 1 : -1);
      centre += (value - centre) / 960;
      spread += (Math.abs(value - centre) - spread) / 960;
      /* The same step on the stored slot; the reading's time varies its rounding, as when the model learns. */
      const [stored, storedSpread] = [state.centreAt(0), state.spreadAt(0)];
      state.lastAtMs = at;
      state.setSlot(
        0,
        stored + (value - stored) / 960,
        storedSpread + (Math.abs(value - stored) - storedSpread) / 960,
        COUNT_LIMIT,
      );
    }
    expect(state.step).toBeGreaterThan(0.002);
    expect(centre).toBeCloseTo(10.875, 2);
    /* Rounded to the nearest code it would stop near 10.56, where a step up falls under half a code. */
    expect(Math.abs(state.centreAt(0) - centre)).toBeLessThan(0.1);
    expect(Math.abs(state.spreadAt(0) - spread)).toBeLessThan(0.01);
    state.release();
  });

  it('gives a removed row to the next series, emptied and of its new kind', () => {
    const store = new SeriesStore();
    const first = store.add('counter');
    const other = store.add('gauge');
    const state = store.state(first);
    expect(state.kind).toBe('counter');
    updateSeries(state, MONDAY, 10);
    updateSeries(state, MONDAY + 60_000, 12);
    expect(state.countAt(0)).toBe(1);
    store.remove(first);
    const again = store.add('gauge');
    expect(again).toBe(first);
    const reused = store.state(again);
    expect(reused.kind).toBe('gauge');
    expect(reused.countAt(0)).toBe(0);
    expect(reused.lastValue).toBeNaN();
    expect(store.state(other).kind).toBe('gauge');
  });

  it('goes on learning once a slot has COUNT_LIMIT readings, forgetting over its memory', () => {
    /* A reading every 5 s: the slot's memory is 4 weeks of visits, 5,760 readings, above the limit. */
    const state = createSeries();
    let at = MONDAY;
    /* 10 ± 1, then 11 ± 1: a step of one spread, inside the clipping of three. */
    for (let i = 0; i < 1_100; i++, at += 5_000) updateSeries(state, at, 10 + (i % 2 ? 1 : -1));
    expect(state.countAt(0)).toBe(COUNT_LIMIT);
    expect(state.centreAt(0)).toBeCloseTo(10, 2);
    for (let i = 0; i < 300; i++, at += 5_000) updateSeries(state, at, 11 + (i % 2 ? 1 : -1));
    /* 300 readings at 1/5,760 each move the centre about 5 % of the step (at 1/1,023, 25 %). */
    expect(state.centreAt(0)).toBeGreaterThan(10.03);
    expect(state.centreAt(0)).toBeLessThan(10.08);
    state.release();
  });
});
