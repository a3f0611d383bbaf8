// Charts for the statistics pages (docs/decisions/024-charts.md). Import only from lazily loaded pages:
// uPlot must not reach the sign-in page's or the dashboard's bundle.

export * from './chart-data';
export {
  formatInstant,
  formatInteger,
  formatNumber,
  formatPercent,
  formatPercentTick,
  formatQuantity,
} from './chart-format';
export { useChartTheme } from './chart-theme';
export { StatusTimelineChart } from './status-timeline-chart';
export { type StepAxis, TimeSeriesChart } from './time-series-chart';
