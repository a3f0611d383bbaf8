import { Code, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { type BayMetric, OPERATOR_SYMBOLS } from '@vaskedrift/shared';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { LevelBadge } from '../../../components/level-badge';
import { ServerDataTable, type ServerTableProps } from '../../../components/server-table/server-data-table';
import { formatDateTime } from '../../../lib/format';
import { formatRelativeTime } from '../../../lib/relative-time';
import { useValueFormat } from '../../../lib/value-format';
import { AttributeCell, MetricMenu, ThresholdCell } from './bay-metric-cells';

/*
 * Layout (issue 24): the table fits a 1280 px window with the sidebar open. 'Sti og type' shows from 1440 px
 * and 'Nøkkelverdi' from 1600 px (both are in the attribute's form); the row menu is pinned, so it stays in
 * view when long values make the table scroll.
 */
const MEDIUM = '(min-width: 90em)';
const WIDE = '(min-width: 100em)';

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
  const format = useValueFormat();
  const columns: DataTableColumn<BayMetric>[] = [
    {
      accessor: 'displayName',
      title: t('bayMetrics.columns.attribute'),
      // Layout (issue 24): a long name wraps at about 180 px instead of pushing 'Lest' and the menu out.
      width: 180,
      render: (metric) => <AttributeCell metric={metric} />,
    },
    {
      accessor: 'keyValue',
      title: t('bayMetrics.columns.keyValue'),
      // Where the value is read from is set in the form; the table shows it where there is room.
      visibleMediaQuery: WIDE,
      render: (m) => <Code>{m.keyValue}</Code>,
    },
    {
      accessor: 'path',
      title: t('bayMetrics.columns.path'),
      visibleMediaQuery: MEDIUM,
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
      render: (m) => <ThresholdCell metric={m} field="thresholdCritical" />,
    },
    {
      accessor: 'thresholdWarning',
      title: t('bayMetrics.thresholds.warning'),
      render: (m) => <ThresholdCell metric={m} field="thresholdWarning" />,
    },
    {
      accessor: 'thresholdInactive',
      title: t('bayMetrics.thresholds.inactive'),
      render: (m) => <ThresholdCell metric={m} field="thresholdInactive" />,
    },
    {
      accessor: 'thresholdActive',
      title: t('bayMetrics.thresholds.active'),
      render: (m) => <ThresholdCell metric={m} field="thresholdActive" />,
    },
    {
      accessor: 'lastValue',
      title: t('bayMetrics.columns.value'),
      render: (metric) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {format.value(metric.lastValue, metric.display, metric.type)}
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
            render: (metric: BayMetric) => <MetricMenu metric={metric} onEdit={onEdit} onDelete={onDelete} />,
          },
        ]
      : []),
  ];
  return (
    <ServerDataTable<BayMetric>
      {...props}
      emptyText={t('bayMetrics.empty')}
      columns={columns}
      pinLastColumn={canManage}
    />
  );
}
