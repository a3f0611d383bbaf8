/*
 * Pure shaping of chart data: no uPlot, no DOM, so it is unit-tested (chart-data.test.ts).
 * Times are Unix seconds, as uPlot wants them.
 */

/** An ISO instant as Unix seconds. */
export const toSeconds = (iso: string): number => Date.parse(iso) / 1000;

/** A horizontal line at a level's threshold. */
export interface ThresholdLine<TLevel extends string = string> {
  value: number;
  level: TLevel;
  label: string;
}

/** An alert (an instant or a span) or a maintenance job (a span) on the time axis. */
export interface TimeMarker {
  kind: 'alert' | 'maintenance';
  /** Alerts: 'critical' or 'warning'; the marker takes the level's colour. */
  level?: string;
  from: number;
  to?: number | null;
  label: string;
}

/** A stretch of one kind (a status or a level) on a timeline row. */
export interface TimelineSegment<TKind extends string = string> {
  from: number;
  to: number;
  kind: TKind;
}

/**
 * The value range of a chart that must show its data and its threshold lines, with 5 % air above and below
 * (a flat series gets ±1). Null when there is nothing to show.
 */
export function valueRange(
  values: readonly (number | null | undefined)[],
  thresholds: readonly { value: number }[] = [],
): [number, number] | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of [...values, ...thresholds.map((t) => t.value)]) {
    if (v == null || !Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min > max) return null;
  if (min === max) return [min - 1, max + 1];
  const air = (max - min) * 0.05;
  return [min - air, max + air];
}

/**
 * Points that each hold a kind until the next point (the last until `end`) merged into segments, so a
 * run of equal levels is drawn as one stretch.
 */
export function segmentsFromPoints<TKind extends string>(
  times: readonly number[],
  kinds: readonly TKind[],
  end: number,
): TimelineSegment<TKind>[] {
  const segments: TimelineSegment<TKind>[] = [];
  times.forEach((from, i) => {
    const kind = kinds[i];
    if (kind === undefined) return;
    const to = times[i + 1] ?? Math.max(end, from);
    const last = segments.at(-1);
    if (last && last.kind === kind && last.to === from) last.to = to;
    else segments.push({ from, to, kind });
  });
  return segments;
}

/** The segment under an instant on a row, or null (for the timeline's tooltip). */
export function segmentAt<TKind extends string>(
  segments: readonly TimelineSegment<TKind>[],
  at: number,
): TimelineSegment<TKind> | null {
  return segments.find((s) => s.from <= at && at < s.to) ?? null;
}

/** The label of a long name on an axis: at most `max` characters, with an ellipsis. */
export function shortLabel(label: string, max = 18): string {
  return label.length <= max ? label : `${label.slice(0, max - 1).trimEnd()}…`;
}
