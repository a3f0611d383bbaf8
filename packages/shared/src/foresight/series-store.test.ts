import { describe, expect, it } from 'vitest';
import { updateSeries } from './model';
import { COUNT_LIMIT, createSeries, SeriesStore, SLOT_COUNT } from './series-store';

const MONDAY = Date.UTC(2026, 0, 5);

describe('the series store', () => {
  it("keeps each slot's count apart in its 10 bits, up to COUNT_LIMIT", () => {
    const state = createSeries();
    const count = (slot: number) => (slot * 12 + 7) % (COUNT_LIMIT + 1);
    for (let slot = 0; slot < SLOT_COUNT; slot++) state.setSlot(slot, slot, slot / 2, count(slot));
    for (let slot = 0; slot < SLOT_COUNT; slot++) {
      expect(state.countAt(slot)).toBe(count(slot));
      expect(state.centreAt(slot)).toBe(slot);
      expect(state.spreadAt(slot)).toBe(slot / 2);
    }
    /* A count above the limit is kept at it; the slots sharing its bytes keep theirs. */
    state.setSlot(5, 1, 1, 5_000);
    expect(state.countAt(5)).toBe(COUNT_LIMIT);
    for (const slot of [4, 6, 7]) expect(state.countAt(slot)).toBe(count(slot));
    state.setSlot(5, 1, 1, 256);
    expect(state.countAt(5)).toBe(256);
    expect(Array.from(state.count)).toHaveLength(SLOT_COUNT);
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
