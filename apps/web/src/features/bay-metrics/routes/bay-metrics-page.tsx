import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { type BayMetric, canManageLocations } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmMutation } from '../../../components/confirm';
import { ServerListContent } from '../../../components/server-table/server-list-content';
import { serverTableProps, useServerPaging } from '../../../components/server-table/use-server-list';
import { useAuth } from '../../../lib/auth-context';
import { useBayMetrics } from '../../../lib/queries/get-bay-metrics';
import { useDeleteBayMetric } from '../api/delete-bay-metric';
import { BayMetricModal } from '../components/bay-metric-modal';
import { BayMetricsTable } from '../components/bay-metrics-table';
import { metricName } from '../metric-name';

const bayRoute = getRouteApi('/app/locations/$locationId/bays/$bayId');

/** /locations/{locationId}/bays/{bayId}/metrics: the bay's attributes, live, with add/edit/delete. */
export function BayMetricsPage() {
  const { t } = useTranslation();
  const { bayId } = bayRoute.useParams();
  const { role } = useAuth();
  const canManage = role != null && canManageLocations(role);
  const paging = useServerPaging();
  const [editing, setEditing] = useState<BayMetric | null>(null);
  const [modalOpened, modal] = useDisclosure(false);
  const metrics = useBayMetrics({ page: paging.page, perPage: paging.perPage, filters: { bayId } });
  const deleteMetric = useDeleteBayMetric();

  const remove = (metric: BayMetric) =>
    confirmMutation({
      title: t('bayMetrics.delete.title'),
      message: t('bayMetrics.delete.confirm', { name: metricName(metric) }),
      confirmLabel: t('bayMetrics.delete.confirmButton'),
      success: t('bayMetrics.delete.success', { name: metricName(metric) }),
      mutation: deleteMetric,
      variables: metric.id,
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
        <ServerListContent query={metrics} rows={paging.perPage}>
          <BayMetricsTable
            {...serverTableProps(paging, metrics)}
            canManage={canManage}
            onEdit={(metric) => {
              setEditing(metric);
              modal.open();
            }}
            onDelete={remove}
          />
        </ServerListContent>
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
