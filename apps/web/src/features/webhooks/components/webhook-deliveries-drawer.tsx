import { Drawer, Text } from '@mantine/core';
import type { Webhook, WebhookDelivery } from '@vaskedrift/shared';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ServerDataTable } from '../../../components/server-table/server-data-table';
import { ServerListContent } from '../../../components/server-table/server-list-content';
import { serverTableProps, useServerPaging } from '../../../components/server-table/use-server-list';
import { formatDateTime } from '../../../lib/format';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { DeliveryOutcome } from './delivery-outcome';

function DeliveriesTable({ webhook }: { webhook: Webhook }) {
  const { t, i18n } = useTranslation();
  const paging = useServerPaging();
  const deliveries = useWebhookDeliveries({ id: webhook.id, page: paging.page, perPage: paging.perPage });
  const columns: DataTableColumn<WebhookDelivery>[] = [
    {
      accessor: 'at',
      title: t('webhooks.deliveries.columns.time'),
      render: (delivery) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(delivery.at, i18n.language)}
        </Text>
      ),
    },
    {
      accessor: 'eventType',
      title: t('webhooks.deliveries.columns.event'),
      render: (delivery) => (
        <Text size="sm" ff="monospace">
          {delivery.eventType}
        </Text>
      ),
    },
    {
      accessor: 'ok',
      title: t('webhooks.deliveries.columns.outcome'),
      noWrap: true,
      render: (delivery) => <DeliveryOutcome ok={delivery.ok} httpStatus={delivery.httpStatus} />,
    },
    {
      accessor: 'durationMs',
      title: t('webhooks.deliveries.columns.duration'),
      textAlign: 'right',
      render: (delivery) => t('webhooks.ms', { count: delivery.durationMs }),
    },
    {
      accessor: 'error',
      title: t('webhooks.deliveries.columns.error'),
      render: (delivery) => (
        <Text size="sm" c={delivery.error ? 'red' : 'dimmed'}>
          {delivery.error ?? '–'}
        </Text>
      ),
    },
  ];
  return (
    <ServerListContent query={deliveries} rows={paging.perPage}>
      <ServerDataTable<WebhookDelivery>
        {...serverTableProps(paging, deliveries)}
        aria-label={t('webhooks.deliveries.title', { name: webhook.name })}
        emptyText={t('webhooks.deliveries.empty')}
        columns={columns}
      />
    </ServerListContent>
  );
}

/** A webhook's delivery log, newest first: time, event, outcome with HTTP status, duration, error. */
export function WebhookDeliveriesDrawer({
  webhook,
  onClose,
}: {
  webhook: Webhook | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={webhook !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={webhook ? t('webhooks.deliveries.title', { name: webhook.name }) : undefined}
    >
      {webhook && <DeliveriesTable webhook={webhook} />}
    </Drawer>
  );
}
