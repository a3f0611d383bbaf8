import { ActionIcon, Code, Menu, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { type BayMetric, OPERATOR_SYMBOLS } from '@vaskedrift/shared';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { LevelBadge } from '../../../components/level-badge';
import { ServerDataTable, type ServerTableProps } from '../../../components/server-table/server-data-table';
import { formatDateTime } from '../../../lib/format';
import { formatRelativeTime } from '../../../lib/relative-time';

function threshold(value: string) {
  return value.trim() === '' ? (
    <Text size="sm" c="dimmed">
      –
    </Text>
  ) : (
    <Text size="sm" ff="monospace">
      {value}
    </Text>
  );
}

/** A bay's attributes with their thresholds, current value, level and when it was read. */
export function BayMetricsTable({
  canManage,
  onEdit,
  onDelete,
  ...props
}: Omit<ServerTableProps<BayMetric>, 'emptyText'> & {
  canManage: boolean;
  onEdit: (metric: BayMetric) => void;
  onDelete: (metric: BayMetric) => void;
}) {
  const { t, i18n } = useTranslation();
  const columns: DataTableColumn<BayMetric>[] = [
    {
      accessor: 'apiMetricName',
      title: t('bayMetrics.columns.attribute'),
      noWrap: true,
      render: (metric) => (
        <div>
          <Text size="sm" fw={600}>
            {metric.apiMetricName}
          </Text>
          <Text size="xs" c="dimmed">
            {metric.apiName}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'keyValue',
      title: t('bayMetrics.columns.keyValue'),
      render: (m) => <Code>{m.keyValue}</Code>,
    },
    {
      accessor: 'path',
      title: t('bayMetrics.columns.path'),
      render: (metric) => (
        <div>
          <Code>{metric.path}</Code>
          <Text size="xs" c="dimmed">
            {t(`bayMetrics.types.${metric.type}`)}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'operator',
      title: t('bayMetrics.columns.operator'),
      textAlign: 'center',
      render: (metric) => (
        <Text size="sm" ff="monospace" title={t(`bayMetrics.operators.${metric.operator}`)}>
          {OPERATOR_SYMBOLS[metric.operator]}
        </Text>
      ),
    },
    {
      accessor: 'thresholdCritical',
      title: t('bayMetrics.thresholds.critical'),
      render: (m) => threshold(m.thresholdCritical),
    },
    {
      accessor: 'thresholdWarning',
      title: t('bayMetrics.thresholds.warning'),
      render: (m) => threshold(m.thresholdWarning),
    },
    {
      accessor: 'thresholdInactive',
      title: t('bayMetrics.thresholds.inactive'),
      render: (m) => threshold(m.thresholdInactive),
    },
    {
      accessor: 'thresholdActive',
      title: t('bayMetrics.thresholds.active'),
      render: (m) => threshold(m.thresholdActive),
    },
    {
      accessor: 'lastValue',
      title: t('bayMetrics.columns.value'),
      render: (metric) => (
        <Text size="sm" fw={600} ff="monospace">
          {metric.lastValue == null ? '–' : String(metric.lastValue)}
        </Text>
      ),
    },
    {
      accessor: 'lastLevel',
      title: t('bayMetrics.columns.level'),
      width: 110,
      render: (metric) =>
        metric.evaluated ? (
          <Tooltip label={metric.lastReason} disabled={!metric.lastReason} withArrow multiline maw={300}>
            <LevelBadge level={metric.lastLevel} />
          </Tooltip>
        ) : (
          <Text size="xs" c="dimmed">
            {t('bayMetrics.notEvaluated')}
          </Text>
        ),
    },
    {
      accessor: 'lastReadAt',
      title: t('bayMetrics.columns.readAt'),
      render: (metric) => (
        <Text size="sm" c="dimmed" title={formatDateTime(metric.lastReadAt, i18n.language) ?? undefined}>
          {formatRelativeTime(metric.lastReadAt, i18n.language) ?? t('common.never')}
        </Text>
      ),
    },
    ...(canManage
      ? [
          {
            accessor: 'actions',
            title: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
            textAlign: 'right' as const,
            noWrap: true,
            render: (metric: BayMetric) => (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('bayMetrics.actionsLabel', { name: metric.apiMetricName })}
                  >
                    <IconDots size={16} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconPencil size={14} aria-hidden />}
                    onClick={() => onEdit(metric)}
                  >
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
            ),
          },
        ]
      : []),
  ];
  return <ServerDataTable<BayMetric> {...props} emptyText={t('bayMetrics.empty')} columns={columns} />;
}
