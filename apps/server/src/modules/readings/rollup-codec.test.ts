import { describe, expect, it } from 'vitest';
import { decodeRollup, encodeRollup, mergeEntries, type RollupEntry } from './rollup-codec';

const entry = (slot: number, v: Partial<RollupEntry> = {}): RollupEntry => ({
  slot,
  min: null,
  max: null,
  avg: null,
  count: 1,
  worst: 0,
  text: null,
  ...v,
});

/** A drifting temperature: an hour of minutes, one or two readings each. */
const drift = Array.from({ length: 60 }, (_, i) => {
  const v = 38 + 1.5 * Math.sin(i / 9) + (i % 7) * 0.013;
  return i % 3 === 0
    ? entry(i, { min: v - 0.21, max: v + 0.17, avg: v + 0.01, count: 2 })
    : entry(i, { min: v, max: v, avg: v });
});

describe('rollup codec (decision 022)', () => {
  it('gives every figure back within a quarter of the deadband, and keeps slots, counts and levels', () => {
    const deadband = 0.005;
    const data = encodeRollup([{ series: 7, deadband, entries: drift }]);
    const back = decodeRollup(data).get(7) ?? [];
    expect(back.map((x) => [x.slot, x.count, x.worst])).toEqual(drift.map((x) => [x.slot, x.count, x.worst]));
    back.forEach((x, i) => {
      const d = drift[i] as RollupEntry;
      for (const k of ['min', 'max', 'avg'] as const) {
        const want = d[k] as number;
        expect(Math.abs((x[k] as number) - want)).toBeLessThanOrEqual(
          (deadband / 4) * Math.abs(want) + 1e-12,
        );
      }
      expect(x.min as number).toBeLessThanOrEqual(x.avg as number);
      expect(x.avg as number).toBeLessThanOrEqual(x.max as number);
    });
    // A few bytes an entry before PostgreSQL compresses it.
    expect(data.length / drift.length).toBeLessThan(6);
  });

  it('is exact when the deadband is 0, extremes and unusual numbers included', () => {
    const entries = [
      entry(0, { min: -1e300, max: 1e300, avg: 0.1 + 0.2, count: 3 }),
      entry(5, { min: 23.123456789, max: 23.123456789, avg: 23.123456789 }),
      entry(59, { min: -0.5, max: 0, avg: -0.25, worst: 4, count: 70_000 }),
    ];
    expect(decodeRollup(encodeRollup([{ series: 1, deadband: 0, entries }])).get(1)).toEqual(entries);
  });

  it('keeps a range too wide for its step exactly, and zero exactly', () => {
    const entries = [entry(0, { min: 0.001, max: 1e12, avg: 5 }), entry(1, { min: 0, max: 0, avg: 0 })];
    expect(decodeRollup(encodeRollup([{ series: 1, deadband: 0.005, entries }])).get(1)).toEqual(entries);
    const zeros = [entry(3, { min: 0, max: 0, avg: 0, worst: 2 })];
    expect(decodeRollup(encodeRollup([{ series: 2, deadband: 0.005, entries: zeros }])).get(2)).toEqual(
      zeros,
    );
  });

  it('keeps decimal readings exact when they sit on the step, and booleans as 0 and 1', () => {
    const entries = [
      entry(0, { min: 38.2, max: 38.4, avg: 38.3, count: 2 }),
      entry(1, { min: 0, max: 1, avg: 0.5, count: 2 }),
    ];
    const back = decodeRollup(encodeRollup([{ series: 1, deadband: 0.005, entries }])).get(1);
    expect(back?.[0]).toMatchObject({ min: 38.2, max: 38.4, avg: 38.3 });
    expect(back?.[1]).toMatchObject({ min: 0, max: 1, avg: 0.5 });
  });

  it('keeps strings (repeated, empty, non-ASCII), entries without numbers and the order of series', () => {
    const texts = [
      entry(0, { text: 'ok' }),
      entry(1, { text: 'ok' }),
      entry(2, { text: '' }),
      entry(3, { text: 'feil: dør åpen', worst: 4 }),
      entry(4),
      entry(5, { text: 'ok' }),
    ];
    const numbers = [
      entry(10, { min: 6, max: 6, avg: 6 }),
      entry(11),
      entry(12, { min: 6.1, max: 6.1, avg: 6.1 }),
    ];
    const data = encodeRollup([
      { series: 900, deadband: 0.005, entries: numbers },
      { series: 3, deadband: 0.005, entries: texts },
      { series: 4, deadband: 0.005, entries: [] },
    ]);
    const all = decodeRollup(data);
    expect([...all.keys()]).toEqual([3, 900]);
    expect(all.get(3)).toEqual(texts);
    expect(all.get(900)?.map((x) => x.min)).toEqual([6, null, 6.1]);
    expect(decodeRollup(data, 900).get(900)).toEqual(all.get(900));
    expect(decodeRollup(data, 5).size).toBe(0);
  });

  it('packs an empty row and reads it back empty', () => {
    expect(decodeRollup(encodeRollup([])).size).toBe(0);
  });

  it('merges entries into one: extremes, average weighted by counts, total, worst level, last text', () => {
    const merged = mergeEntries(7, [
      entry(2, { min: 4, max: 6, avg: 5, count: 3, text: 'b' }),
      entry(1, { min: 1, max: 2, avg: 1, count: 1, worst: 3, text: 'a' }),
      entry(3, { count: 2 }),
    ]);
    expect(merged).toEqual({ slot: 7, min: 1, max: 6, avg: 4, count: 6, worst: 3, text: 'b' });
    expect(mergeEntries(0, [entry(0, { text: 'x' })])).toMatchObject({ min: null, avg: null, text: 'x' });
  });
});
