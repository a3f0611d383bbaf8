import { Group, Paper, Stack, Text } from '@mantine/core';
import { type BayMetric, OPERATOR_SYMBOLS, THRESHOLD_ORDER } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format';
import { formatRelativeTime } from '../lib/relative-time';
import { LevelBadge } from './level-badge';

function formatValue(value: BayMetric['lastValue']): string {
  return value == null ? '–' : String(value);
}

/**
 * One attribute of a bay: its value and level against the thresholds that are in use (the dashboard's bay
 * panel and the bay page).
 */
export function BayMetricRow({ metric }: { metric: BayMetric }) {
  const { t, i18n } = useTranslation();
  const thresholds = THRESHOLD_ORDER.filter(({ field }) => metric[field].trim() !== '');
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      data-metric={metric.apiMetricName}
      data-level={metric.lastLevel ?? 'nodata'}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        {/* The value's path tells a bay's attributes apart: they often share one API attribute. */}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} ff="monospace" truncate>
            {metric.path}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" truncate>
              {metric.apiMetricName}
            </Text>
            <Text size="xs" c="dimmed" aria-hidden>
              ·
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {metric.apiName}
            </Text>
          </Group>
        </Stack>
        <Group gap={8} wrap="nowrap">
          <Text ff="monospace" fw={700}>
            {formatValue(metric.lastValue)}
          </Text>
          <LevelBadge level={metric.lastLevel} />
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        {thresholds
          .map(
            ({ level, field }) =>
              `${t(`bayMetrics.levels.${level}`)} ${OPERATOR_SYMBOLS[metric.operator]} ${metric[field]}`,
          )
          .join(' · ')}
      </Text>
      <Text size="xs" c="dimmed" mt={4} title={formatDateTime(metric.lastReadAt, i18n.language) ?? undefined}>
        {metric.lastReadAt
          ? t('dashboard.panel.readAt', { time: formatRelativeTime(metric.lastReadAt, i18n.language) })
          : t('dashboard.panel.notRead')}
        {!metric.evaluated && ` · ${t('dashboard.panel.notEvaluated')}`}
      </Text>
    </Paper>
  );
}
