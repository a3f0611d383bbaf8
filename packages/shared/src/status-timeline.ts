import { z } from 'zod';
import { BAY_STATUSES, type BayStatus } from './bay-status';

/* A bay's status timeline, as the server holds it and as it is sent in columns (decision 023). */

/** One stretch of a status timeline. Short periods are merged so a row has at most `MAX_TIMELINE_SEGMENTS`. */
export type TimelineSegment = { status: BayStatus; from: string; to: string };

/** A stretch as the server holds it: epoch milliseconds. */
type TimelineSpan = { status: BayStatus; from: number; to: number };

/**
 * A status timeline as sent, column by column (decision 023, The answer in columns): a facility's 90 days
 * as `{status, from, to}` objects were about 80 bytes a segment, almost all of it keys and ISO times; as
 * columns of small integers it is a seventh of that and compresses far better. Times stay exact to the
 * millisecond, so `decodeTimeline(encodeTimeline(t))` is `t`.
 */
export const timelineWireSchema = z
  .object({
    /** One digit per segment: its status's index in `BAY_STATUSES`. */
    statuses: z.string().regex(new RegExp(`^[0-${BAY_STATUSES.length - 1}]*$`)),
    /** Per segment, milliseconds from the end of the one before (the first: from the answer's `from`). */
    gaps: z.array(z.number().int()),
    /** Per segment, its length in milliseconds. */
    lengths: z.array(z.number().int()),
  })
  .refine((t) => t.gaps.length === t.statuses.length && t.lengths.length === t.statuses.length, {
    error: 'Kolonnene har ulik lengde',
  });
export type TimelineWire = z.infer<typeof timelineWireSchema>;

/** A timeline in columns; `rangeFrom` (epoch ms) is the answer's `from`, where the first gap counts from. */
export function encodeTimeline(spans: readonly TimelineSpan[], rangeFrom: number): TimelineWire {
  let statuses = '';
  const gaps: number[] = [];
  const lengths: number[] = [];
  let end = rangeFrom;
  for (const span of spans) {
    statuses += BAY_STATUSES.indexOf(span.status);
    gaps.push(span.from - end);
    lengths.push(span.to - span.from);
    end = span.to;
  }
  return { statuses, gaps, lengths };
}

/** The columns back as segments with ISO times; `rangeFrom` is the answer's `from`. */
export function decodeTimeline(wire: TimelineWire, rangeFrom: string): TimelineSegment[] {
  let end = Date.parse(rangeFrom);
  return wire.lengths.map((length, index) => {
    const from = end + (wire.gaps[index] ?? 0);
    end = from + length;
    return {
      status: BAY_STATUSES[Number(wire.statuses[index])] ?? 'inactive',
      from: new Date(from).toISOString(),
      to: new Date(end).toISOString(),
    };
  });
}
