/** A stored raw reading of one series: time (ms), number (null for text and no data), level code, text. */
export type StoredPoint = { at: number; value: number | null; level: number; text: string | null };

/** One chart bucket: start (ms), extremes and time-weighted average of the numbers, stored readings, worst level. */
export type Bucket = {
  at: number;
  min: number | null;
  max: number | null;
  avg: number | null;
  text: string | null;
  count: number;
  worst: number;
};

type Acc = Bucket & { weighted: number; weight: number };

/**
 * The series as its stored readings describe it (decision 022): each value holds from its reading until
 * the next one, at most `holdMs` (past the heartbeat nothing was read: no data, a gap), and every value
 * the attribute had in that time was within the deadband of it. Cut into buckets of `bucketMs` aligned to
 * the epoch within [from, to): min and max are the extremes of the values held in the bucket (the one
 * held when it began included), avg their time-weighted mean, text the last text held, count the stored
 * readings in it and worst the worst level held. Buckets nothing covers are left out.
 */
export function reconstruct(
  points: StoredPoint[],
  q: { from: number; to: number; bucketMs: number; holdMs: number },
): Bucket[] {
  const buckets = new Map<number, Acc>();
  const bucketOf = (t: number) => Math.floor(t / q.bucketMs) * q.bucketMs;
  const accOf = (start: number): Acc => {
    let acc = buckets.get(start);
    if (!acc) {
      acc = {
        at: start,
        min: null,
        max: null,
        avg: null,
        text: null,
        count: 0,
        worst: 0,
        weighted: 0,
        weight: 0,
      };
      buckets.set(start, acc);
    }
    return acc;
  };
  for (let k = 0; k < points.length; k++) {
    const p = points[k] as StoredPoint;
    const next = points[k + 1];
    const start = Math.max(p.at, q.from);
    const end = Math.min(next ? next.at : Number.POSITIVE_INFINITY, p.at + q.holdMs, q.to);
    if (p.at >= q.from && p.at < q.to) accOf(bucketOf(p.at)).count++;
    for (let b = bucketOf(start); b < end; b += q.bucketMs) {
      const covered = Math.min(end, b + q.bucketMs) - Math.max(start, b);
      if (covered <= 0) continue;
      const acc = accOf(b);
      acc.worst = Math.max(acc.worst, p.level);
      if (p.text !== null) acc.text = p.text;
      if (p.value !== null) {
        acc.min = acc.min === null ? p.value : Math.min(acc.min, p.value);
        acc.max = acc.max === null ? p.value : Math.max(acc.max, p.value);
        acc.weighted += p.value * covered;
        acc.weight += covered;
      }
    }
  }
  return [...buckets.values()]
    .sort((a, b) => a.at - b.at)
    .map(({ weighted, weight, ...bucket }) => ({ ...bucket, avg: weight > 0 ? weighted / weight : null }));
}
