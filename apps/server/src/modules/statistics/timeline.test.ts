import { describe, expect, it } from 'vitest';
import { downsampleTimeline, type Span } from './timeline';

const range = { from: 0, to: 100_000 };

describe('downsampleTimeline', () => {
  it('keeps long periods exactly and joins nothing when there is room', () => {
    const spans: Span[] = [
      { status: 'operational', from: 0, to: 60_000 },
      { status: 'error', from: 60_000, to: 100_000 },
    ];
    expect(downsampleTimeline(spans, range, 10)).toEqual(spans);
  });

  it('caps the segments and shows a stretch of short periods in its worst status', () => {
    // 1,000 periods of 100 ms alternating operational and warning, one of them an error.
    const spans: Span[] = Array.from({ length: 1000 }, (_, i) => ({
      status: i === 501 ? 'error' : i % 2 === 0 ? 'operational' : 'warning',
      from: i * 100,
      to: (i + 1) * 100,
    }));
    const out = downsampleTimeline(spans, range, 12);
    expect(out.length).toBeLessThanOrEqual(12);
    expect(out.filter((s) => s.status === 'error')).toHaveLength(1);
    expect(out[0]?.from).toBe(0);
    expect(out.at(-1)?.to).toBe(100_000);
    // Contiguous: every stretch starts where the one before ended.
    for (let i = 1; i < out.length; i++) expect(out[i]?.from).toBe(out[i - 1]?.to);
  });

  it('takes a short error into the start of the long period after it instead of hiding it', () => {
    const spans: Span[] = [
      { status: 'operational', from: 0, to: 50_000 },
      { status: 'error', from: 50_000, to: 50_001 },
      { status: 'operational', from: 50_001, to: 100_000 },
    ];
    const out = downsampleTimeline(spans, range, 12);
    expect(out).toEqual([
      { status: 'operational', from: 0, to: 50_000 },
      { status: 'error', from: 50_000, to: 60_000 },
      { status: 'operational', from: 60_000, to: 100_000 },
    ]);
  });

  it('does not bridge a gap (a bay created or deleted mid-range)', () => {
    const spans: Span[] = [
      { status: 'warning', from: 20_000, to: 20_010 },
      { status: 'operational', from: 30_000, to: 40_000 },
    ];
    expect(downsampleTimeline(spans, range, 12)).toEqual(spans);
  });
});
