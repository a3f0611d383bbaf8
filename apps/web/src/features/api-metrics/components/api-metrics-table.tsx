import { Badge, Code, Group, Text } from '@mantine/core';
import type { ApiMetric } from '@vaskedrift/shared';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { editDeleteColumn } from '../../../components/row-actions';
import { ServerDataTable, type ServerTableProps } from '../../../components/server-table/server-data-table';

/** API attributes: name, API (on the all-attributes page), key identifier, target keys, status, use. */
export function ApiMetricsTable({
  showApi,
  onEdit,
  onDelete,
  ...props
}: ServerTableProps<ApiMetric> & {
  showApi: boolean;
  onEdit: (metric: ApiMetric) => void;
  onDelete: (metric: ApiMetric) => void;
}) {
  const { t } = useTranslation();
  const columns: DataTableColumn<ApiMetric>[] = [
    {
      accessor: 'name',
      title: t('apiMetrics.columns.name'),
      sortable: true,
      render: (metric) => (
        <div>
          <Text size="sm" fw={600}>
            {metric.name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {metric.description}
          </Text>
        </div>
      ),
    },
    ...(showApi
      ? [
          {
            accessor: 'apiName',
            title: t('apiMetrics.columns.api'),
            sortable: true,
            render: (metric: ApiMetric) => (
              <AnchorLink to="/integrations/apis/$apiId/metrics" params={{ apiId: metric.apiId }} size="sm">
                {metric.apiName}
              </AnchorLink>
            ),
          },
        ]
      : []),
    {
      accessor: 'keyIdentifier',
      title: t('apiMetrics.columns.keyIdentifier'),
      render: (metric) => <Code>{metric.keyIdentifier}</Code>,
    },
    {
      accessor: 'targetKeys',
      title: t('apiMetrics.columns.targetKeys'),
      render: (metric) => (
        <Group gap={4}>
          {metric.targetKeys.map((key) => (
            <Badge key={key} variant="default" tt="none" ff="monospace" fw={500}>
              {key}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      accessor: 'status',
      title: t('apiMetrics.columns.status'),
      sortable: true,
      render: (metric) => (
        <Badge color={metric.status === 'enabled' ? 'green' : 'gray'} variant="light">
          {t(metric.status === 'enabled' ? 'apis.statusEnabled' : 'apis.statusDisabled')}
        </Badge>
      ),
    },
    {
      accessor: 'bayMetricCount',
      title: t('apiMetrics.columns.bayMetricCount'),
      textAlign: 'right',
    },
    editDeleteColumn<ApiMetric>({
      editTooltip: t('apiMetrics.edit.title'),
      deleteTooltip: t('apiMetrics.delete.button'),
      editLabel: (metric) => t('apiMetrics.edit.label', { name: metric.name }),
      deleteLabel: (metric) => t('apiMetrics.delete.label', { name: metric.name }),
      onEdit,
      onDelete,
    }),
  ];
  return <ServerDataTable<ApiMetric> {...props} columns={columns} />;
}
