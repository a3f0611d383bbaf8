import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { type BayMetric, canManageFacilities } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { useAuth } from '../../../lib/auth-context';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useItemsPerPage } from '../../../lib/user-data-query';
import { useDeleteBayMetric } from '../api/delete-bay-metric';
import { useBayMetrics } from '../api/get-bay-metrics';
import { BayMetricModal } from '../components/bay-metric-modal';
import { BayMetricsTable } from '../components/bay-metrics-table';

const bayRoute = getRouteApi('/app/locations/$locationId/bays/$bayId');

/** /locations/{locationId}/bays/{bayId}/metrics: the bay's attributes, live, with add/edit/delete. */
export function BayMetricsPage() {
  const { t } = useTranslation();
  const { bayId } = bayRoute.useParams();
  const { role } = useAuth();
  const canManage = role != null && canManageFacilities(role);
  const [perPage, setPerPage] = useState(useItemsPerPage());
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<BayMetric | null>(null);
  const [modalOpened, modal] = useDisclosure(false);
  const metrics = useBayMetrics({ page, perPage, filters: { bayId } });
  const deleteMetric = useDeleteBayMetric();

  const remove = (metric: BayMetric) =>
    confirmAction({
      title: t('bayMetrics.delete.title'),
      message: t('bayMetrics.delete.confirm', { name: metric.apiMetricName }),
      confirmLabel: t('bayMetrics.delete.confirmButton'),
      onConfirm: () =>
        deleteMetric.mutate(metric.id, {
          onSuccess: () => notifySuccess(t('bayMetrics.delete.success', { name: metric.apiMetricName })),
          onError: (error) => notifyError(apiErrorMessage(error, t)),
        }),
    });

  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="md">
          <Title order={3} fz="md">
            {t('bayMetrics.title')}
          </Title>
          {canManage && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => {
                setEditing(null);
                modal.open();
              }}
            >
              {t('bayMetrics.new')}
            </Button>
          )}
        </Group>
        {metrics.isPending ? (
          <ListSkeleton rows={Math.min(perPage, 6)} />
        ) : metrics.isError && !metrics.data ? (
          <LoadError error={metrics.error} onRetry={() => metrics.refetch()} retrying={metrics.isFetching} />
        ) : (
          <BayMetricsTable
            metrics={metrics.data?.data ?? []}
            total={metrics.data?.count ?? 0}
            fetching={metrics.isFetching}
            page={page}
            perPage={perPage}
            canManage={canManage}
            onPageChange={setPage}
            onPerPageChange={(size) => {
              setPerPage(size);
              setPage(1);
            }}
            onEdit={(metric) => {
              setEditing(metric);
              modal.open();
            }}
            onDelete={remove}
          />
        )}
      </Stack>
      {canManage && (
        <BayMetricModal
          key={editing?.id ?? 'new'}
          opened={modalOpened}
          onClose={modal.close}
          bayId={bayId}
          metric={editing}
        />
      )}
    </Card>
  );
}
