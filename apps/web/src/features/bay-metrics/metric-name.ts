import type { BayMetric } from '@vaskedrift/shared';

/**
 * What toasts, confirmations and row menus call a bay attribute: its display name (docs/domain.md, Words),
 * or, while it has none and shows its path, the API attribute's name these messages used before.
 */
export function metricName(metric: Pick<BayMetric, 'display' | 'path' | 'apiMetricName'>): string {
  return metric.display.name === metric.path ? metric.apiMetricName : metric.display.name;
}
