/*
 * The latency histogram kept per API and hour in `api_check_stats` (decision 023), and the percentiles an
 * API's statistics estimate from it.
 */

/**
 * Upper bounds (ms, exclusive) of the latency histogram kept per API and hour: bucket `i` counts checks
 * that took less than `LATENCY_BUCKET_BOUNDS_MS[i]` and at least the bound before it; the last bucket
 * (index `LATENCY_BUCKET_BOUNDS_MS.length`) counts the rest.
 */
const LATENCY_BUCKET_BOUNDS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;
export const LATENCY_BUCKETS = LATENCY_BUCKET_BOUNDS_MS.length + 1;

/** The histogram bucket a check of `durationMs` counts in. */
export function latencyBucket(durationMs: number): number {
  const index = LATENCY_BUCKET_BOUNDS_MS.findIndex((bound) => durationMs < bound);
  return index === -1 ? LATENCY_BUCKET_BOUNDS_MS.length : index;
}

/** The histogram of one check: a one in its bucket (what `api_check_stats.duration_histogram` adds up). */
export function latencyHistogramOf(durationMs: number): number[] {
  const histogram = new Array<number>(LATENCY_BUCKETS).fill(0);
  histogram[latencyBucket(durationMs)] = 1;
  return histogram;
}

/**
 * The `p`-th percentile (0 < p < 1) estimated from a latency histogram: the bucket holding the rank,
 * interpolated linearly inside it (its lower bound to its upper bound, the last bucket up to `maxMs`, and
 * no bound above `maxMs`). Null for an empty histogram.
 */
export function latencyPercentile(histogram: readonly number[], p: number, maxMs: number): number | null {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = p * total;
  let below = 0;
  for (let i = 0; i < histogram.length; i++) {
    const count = histogram[i] ?? 0;
    if (count > 0 && below + count >= rank) {
      const lower = i === 0 ? 0 : (LATENCY_BUCKET_BOUNDS_MS[i - 1] ?? 0);
      const upper = Math.max(lower, Math.min(LATENCY_BUCKET_BOUNDS_MS[i] ?? maxMs, maxMs));
      return Math.round(lower + ((rank - below) / count) * (upper - lower));
    }
    below += count;
  }
  return maxMs;
}
