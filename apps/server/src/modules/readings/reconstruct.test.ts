import { describe, expect, it } from 'vitest';
import { reconstruct, type StoredPoint } from './reconstruct';

const MIN = 60_000;
const point = (minute: number, value: number | null, level = 0, text: string | null = null): StoredPoint => ({
  at: minute * MIN,
  value,
  level,
  text,
});

describe('reconstruct', () => {
  it('holds each value until the next stored one, bucket extremes include the value held into it', () => {
    const buckets = reconstruct([point(-3, 10), point(2, 20), point(7, 15, 3)], {
      from: 0,
      to: 10 * MIN,
      bucketMs: 5 * MIN,
      holdMs: 60 * MIN,
    });
    expect(buckets).toEqual([
      { at: 0, min: 10, max: 20, avg: (10 * 2 + 20 * 3) / 5, text: null, count: 1, worst: 0 },
      { at: 5 * MIN, min: 15, max: 20, avg: (20 * 2 + 15 * 3) / 5, text: null, count: 1, worst: 3 },
    ]);
  });

  it('holds a value at most holdMs: past it there is no data, and empty buckets are left out', () => {
    const buckets = reconstruct([point(0, 1)], {
      from: 0,
      to: 60 * MIN,
      bucketMs: 10 * MIN,
      holdMs: 15 * MIN,
    });
    expect(buckets.map((b) => [b.at / MIN, b.min, b.count])).toEqual([
      [0, 1, 1],
      [10, 1, 0],
    ]);
  });

  it('keeps text and no-data levels, numbers null', () => {
    const buckets = reconstruct([point(0, null, 0, 'ok'), point(1, null, 2)], {
      from: 0,
      to: 2 * MIN,
      bucketMs: 2 * MIN,
      holdMs: 30 * MIN,
    });
    expect(buckets).toEqual([{ at: 0, min: null, max: null, avg: null, text: 'ok', count: 2, worst: 2 }]);
  });
});
