import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { ApiMetric } from '@vaskedrift/shared';
import type { DataTableSortStatus } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useItemsPerPage } from '../../../lib/user-data-query';
import { useDeleteApiMetric } from '../api/delete-api-metric';
import { toApiMetricSortColumn, useApiMetrics } from '../api/get-api-metrics';
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
  const [perPage, setPerPage] = useState(useItemsPerPage());
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [filterApiId, setFilterApiId] = useState<string | null>(null);
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<ApiMetric>>({
    columnAccessor: apiId ? 'name' : 'apiName',
    direction: 'asc',
  });
  const [editing, setEditing] = useState<ApiMetric | null>(null);
  const [modalOpened, modal] = useDisclosure(false);
  const deleteMetric = useDeleteApiMetric();
  const shownApiId = apiId ?? filterApiId ?? undefined;
  const metrics = useApiMetrics({
    page,
    perPage,
    search: debouncedSearch,
    sort: { column: toApiMetricSortColumn(sortStatus.columnAccessor), direction: sortStatus.direction },
    filters: shownApiId ? { apiId: shownApiId } : undefined,
  });

  const remove = (metric: ApiMetric) =>
    confirmAction({
      title: t('apiMetrics.delete.title'),
      message:
        metric.bayMetricCount > 0
          ? t('apiMetrics.delete.confirmInUse', { name: metric.name, count: metric.bayMetricCount })
          : t('apiMetrics.delete.confirm', { name: metric.name }),
      confirmLabel: t('apiMetrics.delete.confirmButton'),
      onConfirm: () =>
        deleteMetric.mutate(metric.id, {
          onSuccess: () => notifySuccess(t('apiMetrics.delete.success', { name: metric.name })),
          onError: (error) => notifyError(apiErrorMessage(error, t)),
        }),
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
        <TextInput
          aria-label={t('apiMetrics.search')}
          placeholder={t('apiMetrics.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={320}
          maw="100%"
        />
        {filter?.(filterApiId, (value) => {
          setFilterApiId(value);
          setPage(1);
        })}
      </Group>
      {metrics.isPending ? (
        <ListSkeleton rows={Math.min(perPage, 8)} />
      ) : metrics.isError && !metrics.data ? (
        <LoadError error={metrics.error} onRetry={() => metrics.refetch()} retrying={metrics.isFetching} />
      ) : (
        <ApiMetricsTable
          metrics={metrics.data?.data ?? []}
          total={metrics.data?.count ?? 0}
          fetching={metrics.isFetching}
          page={page}
          perPage={perPage}
          sortStatus={sortStatus}
          showApi={!apiId}
          emptyText={debouncedSearch.trim() ? t('apiMetrics.emptySearch') : t('apiMetrics.empty')}
          onPageChange={setPage}
          onPerPageChange={(size) => {
            setPerPage(size);
            setPage(1);
          }}
          onSortStatusChange={(status) => {
            setSortStatus(status);
            setPage(1);
          }}
          onEdit={(metric) => {
            setEditing(metric);
            modal.open();
          }}
          onDelete={remove}
        />
      )}
      <ApiMetricModal
        key={editing?.id ?? 'new'}
        opened={modalOpened}
        onClose={modal.close}
        apiId={apiId ?? filterApiId ?? undefined}
        metric={editing}
      />
    </Stack>
  );
}
