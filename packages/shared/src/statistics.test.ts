import { describe, expect, it } from 'vitest';
import {
  bucketForRange,
  decodeTimeline,
  encodeTimeline,
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

describe('a timeline in columns', () => {
  const from = Date.parse('2026-01-01T00:00:00.000Z');
  const spans = [
    { status: 'operational' as const, from: from + 1_500, to: from + 3_600_000 },
    { status: 'error' as const, from: from + 3_600_000, to: from + 3_600_250 },
    // a gap: not monitored for an hour
    { status: 'maintenance' as const, from: from + 7_200_250, to: from + 9_000_000 },
  ];

  it('sends a digit per status and the gaps and lengths in milliseconds', () => {
    expect(encodeTimeline(spans, from)).toEqual({
      statuses: '024',
      gaps: [1_500, 0, 3_600_000],
      lengths: [3_598_500, 250, 1_799_750],
    });
    expect(encodeTimeline([], from)).toEqual({ statuses: '', gaps: [], lengths: [] });
  });

  it('decodes to the same segments to the millisecond', () => {
    expect(decodeTimeline(encodeTimeline(spans, from), new Date(from).toISOString())).toEqual([
      { status: 'operational', from: '2026-01-01T00:00:01.500Z', to: '2026-01-01T01:00:00.000Z' },
      { status: 'error', from: '2026-01-01T01:00:00.000Z', to: '2026-01-01T01:00:00.250Z' },
      { status: 'maintenance', from: '2026-01-01T02:00:00.250Z', to: '2026-01-01T02:30:00.000Z' },
    ]);
  });
});
