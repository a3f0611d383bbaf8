import { useMemo } from 'react';
import type uPlot from 'uplot';
import { segmentAt, shortLabel, type TimelineSegment, type TimeMarker } from './chart-data';
import { formatInstant, formatTimeTicks } from './chart-format';
import { ChartFrame, type LegendItem } from './chart-frame';
import { drawMarkers, themedAxis, tooltipPlugin } from './chart-plugins';
import { type ChartTheme, useChartTheme } from './chart-theme';
import { UplotChart } from './uplot-chart';

interface TimelineRow<TKind extends string> {
  id: string;
  /** Shown on the left when there are several rows (a facility's bays). */
  label: string;
  segments: readonly TimelineSegment<TKind>[];
}

export interface StatusTimelineChartProps<TKind extends string> {
  label: string;
  chart: string;
  rows: readonly TimelineRow<TKind>[];
  /** The period shown, Unix seconds. */
  range: readonly [number, number];
  /** Each kind's colour (statuses: the dashboard tiles' colours) and name, in legend order. */
  kinds: readonly { kind: TKind; label: string; color: (theme: ChartTheme) => string }[];
  markers?: readonly TimeMarker[];
  /** A duration as text, for the tooltip. */
  formatDuration: (seconds: number) => string;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
}

const ROW_PX = 28;
const AXIS_PX = 44;

/**
 * Periods as coloured bands on a time axis, one row per thing (a bay's statuses, or every bay of a
 * facility), with markers for alerts and maintenance and a tooltip naming the period under the cursor.
 */
export function StatusTimelineChart<TKind extends string>(props: StatusTimelineChartProps<TKind>) {
  const theme = useChartTheme();
  const { rows, range, kinds, markers, formatDuration } = props;
  const height = rows.length * ROW_PX + AXIS_PX;
  const options = useMemo((): Omit<uPlot.Options, 'width' | 'height'> => {
    const colors = new Map(kinds.map((k) => [k.kind, k.color(theme)]));
    const names = new Map(kinds.map((k) => [k.kind, k.label]));
    const count = rows.length;
    const labelled = count > 1;
    const longest = Math.max(0, ...rows.map((r) => shortLabel(r.label).length));
    const rowAt = (u: uPlot, top: number) => count - 1 - Math.floor(u.posToVal(top, 'y'));
    return {
      series: [{}, { label: '', stroke: 'transparent', points: { show: false } }],
      scales: {
        x: { time: true, range: () => [range[0], range[1]] },
        y: { auto: false, range: () => [0, count] },
      },
      axes: [
        themedAxis(theme, {
          values: (_u, splits, _axis, _space, increment) => formatTimeTicks(splits, increment, theme.locale),
        }),
        themedAxis(theme, {
          show: labelled,
          size: labelled ? Math.min(150, 16 + longest * 7) : 0,
          grid: { show: false },
          ticks: { show: false },
          splits: () => rows.map((_, i) => count - i - 0.5),
          values: (_u, splits) => splits.map((s) => shortLabel(rows[count - 1 - Math.floor(s)]?.label ?? '')),
        }),
      ],
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { show: false }, y: labelled },
      hooks: {
        draw: [
          (u) => {
            const { ctx } = u;
            rows.forEach((row, i) => {
              const top = u.valToPos(count - i - 0.12, 'y', true);
              const bottom = u.valToPos(count - i - 0.88, 'y', true);
              for (const segment of row.segments) {
                const x0 = u.valToPos(Math.max(segment.from, range[0]), 'x', true);
                const x1 = u.valToPos(Math.min(segment.to, range[1]), 'x', true);
                if (x1 <= x0) continue;
                ctx.fillStyle = colors.get(segment.kind) ?? theme.grid;
                ctx.fillRect(x0, top, Math.max(1, x1 - x0), bottom - top);
              }
            });
            drawMarkers(u, markers ?? [], theme);
          },
        ],
      },
      plugins: [
        tooltipPlugin((u) => {
          const { left, top } = u.cursor;
          if (left == null || top == null) return null;
          const row = rows[labelled ? rowAt(u, top) : 0];
          const segment = row ? segmentAt(row.segments, u.posToVal(left, 'x')) : null;
          if (!row || !segment) return null;
          return [
            labelled ? row.label : null,
            names.get(segment.kind) ?? segment.kind,
            `${formatInstant(segment.from, theme.locale)} – ${formatInstant(segment.to, theme.locale)}`,
            formatDuration(segment.to - segment.from),
          ]
            .filter(Boolean)
            .join('\n');
        }),
      ],
    };
  }, [rows, range, kinds, markers, theme, formatDuration]);
  const data = useMemo<uPlot.AlignedData>(
    () => [
      [range[0], range[1]],
      [null, null],
    ],
    [range],
  );
  const present = new Set(rows.flatMap((r) => r.segments.map((s) => s.kind)));
  const legend: LegendItem[] = kinds
    .filter((k) => present.has(k.kind))
    .map((k) => ({ role: 'status', label: k.label, color: k.color(theme), shape: 'block', level: k.kind }));
  return (
    <ChartFrame
      label={props.label}
      chart={props.chart}
      height={height}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      empty={rows.every((r) => r.segments.length === 0)}
      legend={legend}
    >
      <UplotChart options={options} data={data} height={height} />
    </ChartFrame>
  );
}
