import { Group, Paper, Stack, Text } from '@mantine/core';
import type { BayMetric } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format';
import { formatRelativeTime } from '../lib/relative-time';
import { useValueFormat } from '../lib/value-format';
import { PredictionText, UnusualBadge } from './bay-metric-foresight';
import { LevelBadge } from './level-badge';

/**
 * One attribute of a bay as a technician reads it (docs/domain.md, Words): its name, its value with the
 * unit or the words for true and false, its level, and why — 'kritisk under 2 bar' — with where the value
 * comes from below (the dashboard's bay panel and the bay page), and what foresight says: 'Forventet kritisk
 * om ca. 40 min' and 'Uvanlig' with the normal range (docs/domain.md, Foresight). The raw path is for the
 * admin forms.
 */
export function BayMetricRow({ metric }: { metric: BayMetric }) {
  const { t, i18n } = useTranslation();
  const format = useValueFormat();
  const reading = {
    labels: metric.display,
    type: metric.type,
    operator: metric.operator,
    thresholds: metric,
    level: metric.lastLevel,
    value: metric.lastValue,
  };
  const why = format.phrase(reading);
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      data-metric={metric.display.name}
      data-level={metric.lastLevel ?? 'nodata'}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {metric.display.name}
          </Text>
          {why && (
            <Text size="sm" data-why>
              {why}
            </Text>
          )}
          <PredictionText prediction={metric.prediction} />
          <UnusualBadge metric={metric} />
        </Stack>
        <Group gap={8} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-value>
            {format.value(metric.lastValue, metric.display, metric.type)}
          </Text>
          <LevelBadge level={metric.lastLevel} />
        </Group>
      </Group>
      <Group gap={4} wrap="nowrap" mt={4} style={{ minWidth: 0 }}>
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
      <Text size="xs" c="dimmed" mt={2} title={formatDateTime(metric.lastReadAt, i18n.language) ?? undefined}>
        {metric.lastReadAt
          ? t('dashboard.panel.readAt', { time: formatRelativeTime(metric.lastReadAt, i18n.language) })
          : t('dashboard.panel.notRead')}
        {!metric.evaluated && ` · ${t('dashboard.panel.notEvaluated')}`}
      </Text>
    </Paper>
  );
}
