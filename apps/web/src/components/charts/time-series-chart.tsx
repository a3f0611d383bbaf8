import type { AttributeLevel } from '@vaskedrift/shared';
import { useMemo } from 'react';
import uPlot from 'uplot';
import { segmentsFromPoints, type ThresholdLine, type TimeMarker, valueRange } from './chart-data';
import { formatInstant, formatNumber, formatTimeTicks } from './chart-format';
import { ChartFrame, type LegendItem } from './chart-frame';
import { drawHorizontalLines, drawMarkers, markerColor, themedAxis, tooltipPlugin } from './chart-plugins';
import { type ChartTheme, useChartTheme } from './chart-theme';
import { UplotChart } from './uplot-chart';

interface ChartSeries {
  label: string;
  values: readonly (number | null)[];
  color?: string;
  /** Bars (counts per hour, availability per day) instead of a line. */
  bars?: boolean;
  dashed?: boolean;
}

/**
 * A true/false value drawn as steps between two levels, its axis labelled with the attribute's words
 * ('Lukket', 'Åpen') instead of numbers (docs/decisions/024-charts.md).
 */
export interface StepAxis {
  /** The words at 0 and at 1. */
  labels: readonly [string, string];
}

export interface TimeSeriesChartProps {
  /** The chart's accessible name and `data-chart`. */
  label: string;
  chart: string;
  /** Unix seconds, ascending; one per value of every series. */
  times: readonly number[];
  series: readonly ChartSeries[];
  /** A min–max band around the first series (readings rolled up per minute or hour). */
  band?: { lower: readonly (number | null)[]; upper: readonly (number | null)[]; label: string };
  thresholds?: readonly ThresholdLine<AttributeLevel>[];
  markers?: readonly TimeMarker[];
  markerLabels?: { alert: string; maintenance: string };
  /** Each point's level: a strip in the level colours along the bottom of the plot. */
  levels?: readonly AttributeLevel[];
  /** The period shown (Unix seconds); the data's own span when not given. */
  range?: readonly [number, number];
  /** A fixed value range, e.g. 0–100 for percentages. */
  yRange?: readonly [number, number];
  /** The tooltip's text for a point without a value ('Ingen data'); '–' when not given. */
  noValue?: string;
  /** A value as text (axis and tooltip); numbers in the interface language otherwise. */
  format?: (value: number, locale: string) => string;
  /** A value in the tooltip, when it says more than the axis (its unit, its word). */
  tooltipFormat?: (value: number, locale: string) => string;
  /** Draw a 0/1 value as steps with a word at each level. */
  steps?: StepAxis;
  height?: number;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
}

const STRIP_PX = 6;
const values = (v: readonly (number | null)[]) => v as number[];

function buildOptions(
  props: TimeSeriesChartProps,
  theme: ChartTheme,
): Omit<uPlot.Options, 'width' | 'height'> {
  const format = props.format ?? ((v: number, locale: string) => formatNumber(v, locale));
  const tooltipFormat = props.tooltipFormat ?? format;
  const steps = props.steps;
  const stepPaths = steps ? uPlot.paths.stepped?.({ align: 1 }) : undefined;
  const thresholds = props.thresholds ?? [];
  const markers = props.markers ?? [];
  const colorOf = (s: ChartSeries, i: number) =>
    s.color ?? theme.palette[i % theme.palette.length] ?? theme.text;
  const hasBars = props.series.some((s) => s.bars);
  const barPaths = uPlot.paths.bars?.({ size: [0.7, 48], gap: 1 });
  const series: uPlot.Series[] = [
    {},
    ...props.series.map((s, i) => ({
      label: s.label,
      stroke: colorOf(s, i),
      width: s.bars ? 0 : 2,
      fill: s.bars ? colorOf(s, i) : undefined,
      dash: s.dashed ? [6, 4] : undefined,
      paths: s.bars ? barPaths : stepPaths,
      // uPlot's default: dots only where points are far apart (a few readings on a long axis).
      points: s.bars ? { show: false } : undefined,
      spanGaps: false,
    })),
  ];
  const bands: uPlot.Band[] = [];
  if (props.band) {
    const color = colorOf(props.series[0] ?? { label: '', values: [] }, 0);
    series.push(
      { label: `${props.band.label} max`, stroke: 'transparent', points: { show: false } },
      { label: `${props.band.label} min`, stroke: 'transparent', points: { show: false } },
    );
    bands.push({ series: [series.length - 2, series.length - 1], fill: `${color}33` });
  }
  const all = [
    ...props.series.flatMap((s) => s.values),
    ...(props.band?.upper ?? []),
    ...(props.band?.lower ?? []),
  ];
  // Steps sit at 0 and 1 with a little air, whatever the values: never a −1…1 axis in half steps.
  const yRange = steps
    ? ([-0.15, 1.15] as const)
    : (props.yRange ?? valueRange(hasBars ? [0, ...all] : all, thresholds) ?? [0, 1]);
  const thresholdLines = thresholds.map((t) => ({ value: t.value, color: theme.level[t.level] }));
  const levelSegments =
    props.levels && props.times.length > 0
      ? segmentsFromPoints(props.times, props.levels, props.range?.[1] ?? props.times.at(-1) ?? 0)
      : [];

  return {
    series,
    bands,
    scales: {
      x: {
        time: true,
        range: props.range ? () => [props.range?.[0] ?? 0, props.range?.[1] ?? 0] : undefined,
      },
      y: { range: () => [yRange[0], yRange[1]] },
    },
    axes: [
      themedAxis(theme, {
        values: (_u, splits, _axis, _space, increment) => formatTimeTicks(splits, increment, theme.locale),
      }),
      steps
        ? themedAxis(theme, {
            size: Math.max(56, 16 + 7 * Math.max(...steps.labels.map((label) => label.length))),
            splits: () => [0, 1],
            values: (_u, splits) => splits.map((v) => (v >= 1 ? steps.labels[1] : steps.labels[0])),
          })
        : themedAxis(theme, {
            size: 56,
            values: (_u, splits) => splits.map((v) => format(v, theme.locale)),
          }),
    ],
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    hooks: {
      drawClear: [(u) => drawMarkers(u, markers, theme)],
      draw: [
        (u) => drawHorizontalLines(u, thresholdLines),
        (u) => {
          const { ctx, bbox } = u;
          const height = STRIP_PX * (window.devicePixelRatio || 1);
          for (const segment of levelSegments) {
            const x0 = u.valToPos(segment.from, 'x', true);
            const x1 = u.valToPos(segment.to, 'x', true);
            ctx.fillStyle = theme.level[segment.kind];
            ctx.fillRect(x0, bbox.top + bbox.height - height, Math.max(1, x1 - x0), height);
          }
        },
      ],
    },
    plugins: [
      tooltipPlugin((u) => {
        const idx = u.cursor.idx;
        const at = idx == null ? null : u.data[0][idx];
        if (idx == null || at == null) return null;
        const lines = [formatInstant(at, theme.locale)];
        props.series.forEach((s, i) => {
          const v = u.data[i + 1]?.[idx];
          lines.push(`${s.label}: ${v == null ? (props.noValue ?? '–') : tooltipFormat(v, theme.locale)}`);
        });
        if (props.band) {
          const lo = props.band.lower[idx];
          const hi = props.band.upper[idx];
          if (lo != null && hi != null)
            lines.push(
              `${props.band.label}: ${tooltipFormat(lo, theme.locale)} – ${tooltipFormat(hi, theme.locale)}`,
            );
        }
        return lines.join('\n');
      }),
    ],
  };
}

function buildLegend(props: TimeSeriesChartProps, theme: ChartTheme): LegendItem[] {
  const items: LegendItem[] = props.series.map((s, i) => ({
    role: 'series',
    label: s.label,
    color: s.color ?? theme.palette[i % theme.palette.length] ?? theme.text,
    shape: s.bars ? 'block' : s.dashed ? 'dashed' : 'line',
  }));
  for (const t of props.thresholds ?? []) {
    items.push({
      role: 'threshold',
      label: t.label,
      color: theme.level[t.level],
      shape: 'dashed',
      level: t.level,
    });
  }
  const kinds = new Set((props.markers ?? []).map((m) => m.kind));
  if (props.markerLabels) {
    if (kinds.has('alert'))
      items.push({
        role: 'alert',
        label: props.markerLabels.alert,
        color: markerColor({ kind: 'alert' }, theme),
      });
    if (kinds.has('maintenance'))
      items.push({
        role: 'maintenance',
        label: props.markerLabels.maintenance,
        color: markerColor({ kind: 'maintenance' }, theme),
        shape: 'block',
      });
  }
  return items;
}

/**
 * Values over time (lines or bars) with threshold lines in the level colours, alerts and maintenance on
 * the time axis, and an optional level strip; Norwegian ticks, numbers and tooltip.
 */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const theme = useChartTheme();
  const height = props.height ?? 240;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options follow the data they are built from.
  const options = useMemo(
    () => buildOptions(props, theme),
    [
      theme,
      props.times,
      props.series,
      props.thresholds,
      props.markers,
      props.levels,
      props.range,
      props.yRange,
      props.band,
      props.steps,
    ],
  );
  const data = useMemo<uPlot.AlignedData>(
    () => [
      values(props.times),
      ...props.series.map((s) => values(s.values)),
      ...(props.band ? [values(props.band.upper), values(props.band.lower)] : []),
    ],
    [props.times, props.series, props.band],
  );
  const empty = props.times.length === 0 || props.series.every((s) => s.values.every((v) => v == null));
  return (
    <ChartFrame
      label={props.label}
      chart={props.chart}
      height={height}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      empty={empty}
      legend={buildLegend(props, theme)}
    >
      <UplotChart options={options} data={data} height={height} />
    </ChartFrame>
  );
}
