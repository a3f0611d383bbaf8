import { type BayStatus, MAX_TIMELINE_SEGMENTS } from '@vaskedrift/shared';

/** A status period clipped to the range, in epoch milliseconds, in time order. */
export type Span = { status: BayStatus; from: number; to: number };

/** Which status a merged stretch shows: the worst in it, so a short error is never hidden. */
const SEVERITY: Record<BayStatus, number> = {
  operational: 0,
  warning: 1,
  inactive: 2,
  maintenance: 3,
  error: 4,
};
const worse = (a: BayStatus, b: BayStatus) => (SEVERITY[a] >= SEVERITY[b] ? a : b);

/**
 * At most `max` segments over `[from, to]` (decision 023, Downsampling). A period at least
 * `(to − from) / (max − 2)` long is kept as it is; shorter ones are gathered, in order, into a stretch
 * that long, shown in the worst status it holds (taking the start of a following long period when they
 * fall short, which moves that period's start by less than a stretch). Every segment but the last of a
 * run is therefore at least a stretch long, so there are at most `max − 2` of them plus the two partial
 * ones a gap in the periods can leave (before a bay's first period, after its last). Neighbours of
 * the same status are joined.
 */
export function downsampleTimeline(
  spans: Span[],
  range: { from: number; to: number },
  max = MAX_TIMELINE_SEGMENTS,
): Span[] {
  const minimum = Math.ceil((range.to - range.from) / (max - 2));
  const out: Span[] = [];
  const push = (span: Span) => {
    const last = out.at(-1);
    if (last && last.status === span.status && last.to === span.from) last.to = span.to;
    else out.push({ ...span });
  };
  const queue = spans.filter((span) => span.to > span.from).map((span) => ({ ...span }));
  let i = 0;
  while (i < queue.length) {
    const first = queue[i] as Span;
    if (first.to - first.from >= minimum) {
      push(first);
      i++;
      continue;
    }
    const stretch: Span = { ...first };
    i++;
    while (stretch.to - stretch.from < minimum && i < queue.length) {
      const next = queue[i] as Span;
      if (next.from !== stretch.to) break; // a gap: the stretch ends here
      const missing = minimum - (stretch.to - stretch.from);
      stretch.status = worse(stretch.status, next.status);
      if (next.to - next.from >= minimum && next.to - next.from > missing) {
        stretch.to += missing;
        next.from = stretch.to;
      } else {
        stretch.to = next.to;
        i++;
      }
    }
    push(stretch);
  }
  return out;
}
