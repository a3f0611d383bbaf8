// Charts for the statistics pages (docs/decisions/024-charts.md). Import only from lazily loaded pages:
// uPlot must not reach the sign-in page's or the dashboard's bundle.

export * from './chart-data';
export { formatDay, formatInstant, formatNumber, formatPercent } from './chart-format';
export { ChartFrame, type LegendItem } from './chart-frame';
export { type ChartTheme, useChartTheme } from './chart-theme';
export { StatusTimelineChart, type TimelineRow } from './status-timeline-chart';
export { type ChartSeries, TimeSeriesChart } from './time-series-chart';
