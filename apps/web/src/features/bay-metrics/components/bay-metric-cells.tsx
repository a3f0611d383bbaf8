import { ActionIcon, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { type BayMetric, type ThresholdField, thresholdOrderIssues } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { useValueFormat } from '../../../lib/value-format';
import { metricName } from '../metric-name';

/** A stored threshold in the attribute's words ('2,5 bar'), marked when it breaks the order. */
export function ThresholdCell({ metric, field }: { metric: BayMetric; field: ThresholdField }) {
  const format = useValueFormat();
  const value = metric[field];
  if (value.trim() === '') {
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  }
  const issue = thresholdOrderIssues(metric.type, metric.operator, metric).find((i) => i.path === field);
  const shown = (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }} c={issue ? 'orange' : undefined}>
      {format.threshold(value, metric.type, metric.display)}
    </Text>
  );
  return issue ? (
    <Tooltip label={issue.message} withArrow multiline maw={280}>
      <Group gap={4} wrap="nowrap" data-threshold-order="wrong">
        <IconAlertTriangle
          size={14}
          color="var(--mantine-color-orange-6)"
          role="img"
          aria-label={issue.message}
        />
        {shown}
      </Group>
    </Tooltip>
  ) : (
    shown
  );
}

/** The attribute's name, marked when its thresholds break the order, over its API attribute and API. */
export function AttributeCell({ metric }: { metric: BayMetric }) {
  const { t } = useTranslation();
  return (
    <div>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600}>
          {metric.display.name}
        </Text>
        {thresholdOrderIssues(metric.type, metric.operator, metric).length > 0 && (
          <Tooltip label={t('bayMetrics.thresholdOrder')} withArrow>
            <IconAlertTriangle
              size={14}
              color="var(--mantine-color-orange-6)"
              aria-label={t('bayMetrics.thresholdOrder')}
              role="img"
              data-threshold-order="wrong"
            />
          </Tooltip>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {metric.apiMetricName} · {metric.apiName}
      </Text>
    </div>
  );
}

/** A bay attribute's row menu: edit or delete it. */
export function MetricMenu({
  metric,
  onEdit,
  onDelete,
}: {
  metric: BayMetric;
  onEdit: (metric: BayMetric) => void;
  onDelete: (metric: BayMetric) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('bayMetrics.actionsLabel', { name: metricName(metric) })}
        >
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onEdit(metric)}>
          {t('bayMetrics.edit.title')}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() => onDelete(metric)}
        >
          {t('bayMetrics.delete.button')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
