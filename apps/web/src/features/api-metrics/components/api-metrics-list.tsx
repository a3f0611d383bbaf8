import { Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { ApiMetric } from '@vaskedrift/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmMutation } from '../../../components/confirm';
import { ListSearch, ServerListContent } from '../../../components/server-table/server-list-content';
import { serverTableProps, useServerList } from '../../../components/server-table/use-server-list';
import {
  type ApiMetricSortColumn,
  toApiMetricSortColumn,
  useApiMetrics,
} from '../../../lib/queries/get-api-metrics';
import { useDeleteApiMetric } from '../api/delete-api-metric';
import { ApiMetricModal } from './api-metric-modal';
import { ApiMetricsTable } from './api-metrics-table';

/**
 * API attributes with search, paging, 'Nytt attributt', edit and delete: of one API (`apiId`) or of all,
 * then with the API column and, in `filter`, a picker of the API.
 */
export function ApiMetricsList({
  apiId,
  filter,
  title,
}: {
  apiId?: string;
  filter?: (value: string | null, onChange: (value: string | null) => void) => ReactNode;
  title?: ReactNode;
}) {
  const { t } = useTranslation();
  const [filterApiId, setFilterApiId] = useState<string | null>(null);
  const list = useServerList<ApiMetric, ApiMetricSortColumn>({
    defaultSort: apiId ? 'name' : 'apiName',
    toSortColumn: toApiMetricSortColumn,
  });
  const [editing, setEditing] = useState<ApiMetric | null>(null);
  const [modalOpened, modal] = useDisclosure(false);
  const deleteMetric = useDeleteApiMetric();
  const shownApiId = apiId ?? filterApiId ?? undefined;
  const metrics = useApiMetrics({ ...list.params, filters: shownApiId ? { apiId: shownApiId } : undefined });

  const remove = (metric: ApiMetric) =>
    confirmMutation({
      title: t('apiMetrics.delete.title'),
      message:
        metric.bayMetricCount > 0
          ? t('apiMetrics.delete.confirmInUse', { name: metric.name, count: metric.bayMetricCount })
          : t('apiMetrics.delete.confirm', { name: metric.name }),
      confirmLabel: t('apiMetrics.delete.confirmButton'),
      success: t('apiMetrics.delete.success', { name: metric.name }),
      mutation: deleteMetric,
      variables: metric.id,
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="md">
        {title ?? <span />}
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => {
            setEditing(null);
            modal.open();
          }}
        >
          {t('apiMetrics.new')}
        </Button>
      </Group>
      <Group gap="md">
        <ListSearch
          aria-label={t('apiMetrics.search')}
          placeholder={t('apiMetrics.searchPlaceholder')}
          value={list.search}
          onChange={list.setSearch}
          w={320}
          maw="100%"
        />
        {filter?.(filterApiId, (value) => {
          setFilterApiId(value);
          list.resetPage();
        })}
      </Group>
      <ServerListContent query={metrics} rows={list.perPage}>
        <ApiMetricsTable
          {...serverTableProps(list, metrics)}
          showApi={!apiId}
          emptyText={list.searching ? t('apiMetrics.emptySearch') : t('apiMetrics.empty')}
          onEdit={(metric) => {
            setEditing(metric);
            modal.open();
          }}
          onDelete={remove}
        />
      </ServerListContent>
      <ApiMetricModal
        key={editing?.id ?? 'new'}
        opened={modalOpened}
        onClose={modal.close}
        apiId={shownApiId}
        metric={editing}
      />
    </Stack>
  );
}
