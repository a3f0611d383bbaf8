import { describe, expect, it } from 'vitest';
import {
  bucketForRange,
  LATENCY_BUCKETS,
  latencyBucket,
  latencyHistogramOf,
  latencyPercentile,
} from './statistics';

const histogram = (counts: Record<number, number>) =>
  Array.from({ length: LATENCY_BUCKETS }, (_, i) => counts[i] ?? 0);

describe('latency histogram', () => {
  it('counts a check in the bucket below its upper bound, the slowest in the last', () => {
    expect(latencyBucket(0)).toBe(0);
    expect(latencyBucket(4)).toBe(0);
    expect(latencyBucket(5)).toBe(1);
    expect(latencyBucket(999)).toBe(7);
    expect(latencyBucket(10_000)).toBe(11);
    expect(latencyHistogramOf(60)).toEqual(histogram({ 4: 1 }));
  });

  it('interpolates a percentile inside its bucket', () => {
    // 40 in 25–50 ms, 50 in 50–100 ms, 10 in 500–1000 ms
    const h = histogram({ 3: 40, 4: 50, 7: 10 });
    expect(latencyPercentile(h, 0.5, 2000)).toBe(60);
    expect(latencyPercentile(h, 0.2, 2000)).toBe(38);
    expect(latencyPercentile(h, 0.95, 2000)).toBe(750);
  });

  it("never answers above the hour's maximum, and the last bucket runs up to it", () => {
    expect(latencyPercentile(histogram({ 7: 10 }), 0.5, 600)).toBe(550);
    expect(latencyPercentile(histogram({ 11: 4 }), 0.5, 30_000)).toBe(20_000);
  });

  it('has no percentile without checks', () => {
    expect(latencyPercentile(histogram({}), 0.5, 0)).toBeNull();
  });
});

describe('bucketForRange', () => {
  const days = (n: number) => [new Date(0), new Date(n * 86_400_000)] as const;
  it('groups by day up to 45 days, by week up to 200, then by month', () => {
    expect(bucketForRange(...days(1))).toBe('day');
    expect(bucketForRange(...days(45))).toBe('day');
    expect(bucketForRange(...days(90))).toBe('week');
    expect(bucketForRange(...days(365))).toBe('month');
  });
});
