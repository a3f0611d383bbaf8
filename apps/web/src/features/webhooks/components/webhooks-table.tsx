import { Badge, Stack, Text } from '@mantine/core';
import { IconHistory, IconSend } from '@tabler/icons-react';
import type { Webhook } from '@vaskedrift/shared';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { NotificationTagBadges } from '../../../components/notification-tags';
import { editDeleteColumn } from '../../../components/row-actions';
import { ServerDataTable, type ServerTableProps } from '../../../components/server-table/server-data-table';
import { formatDateTime } from '../../../lib/format';
import { formatRelativeTime } from '../../../lib/relative-time';
import { DeliveryOutcome } from './delivery-outcome';
import { WebhookEnabledSwitch } from './webhook-enabled-switch';

/**
 * Webhooks: name (with 'Deaktivert etter 24 timer med feil' when the server turned it off), URL, tags,
 * on/off, the last delivery; 'Send test', the delivery log, edit and delete.
 */
export function WebhooksTable({
  testing,
  onTest,
  onDeliveries,
  onEdit,
  onDelete,
  ...props
}: Omit<ServerTableProps<Webhook>, 'onOpen'> & {
  /** The webhook whose test is being sent. */
  testing: string | null;
  onTest: (webhook: Webhook) => void;
  onDeliveries: (webhook: Webhook) => void;
  onEdit: (webhook: Webhook) => void;
  onDelete: (webhook: Webhook) => void;
}) {
  const { t, i18n } = useTranslation();
  const columns: DataTableColumn<Webhook>[] = [
    {
      accessor: 'name',
      title: t('webhooks.columns.name'),
      render: (webhook) => (
        <Stack gap={4} align="flex-start">
          <Text size="sm" fw={600}>
            {webhook.name}
          </Text>
          {webhook.disabledReason && (
            <Badge
              color="red"
              variant="filled"
              size="sm"
              tt="none"
              h="auto"
              py={2}
              radius="sm"
              title={webhook.disabledReason}
              styles={{ label: { whiteSpace: 'normal' } }}
            >
              {t('webhooks.disabledAutomatically')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'url',
      title: t('webhooks.columns.url'),
      render: (webhook) => (
        <Text size="sm" ff="monospace" truncate="end" maw={200} title={webhook.url}>
          {webhook.url}
        </Text>
      ),
    },
    {
      accessor: 'tags',
      title: t('webhooks.columns.tags'),
      render: (webhook) => <NotificationTagBadges tags={webhook.tags} />,
    },
    {
      accessor: 'enabled',
      title: t('webhooks.columns.enabled'),
      render: (webhook) => <WebhookEnabledSwitch webhook={webhook} />,
    },
    {
      accessor: 'lastDelivery',
      title: t('webhooks.columns.lastDelivery'),
      noWrap: true,
      render: ({ lastDelivery }) =>
        lastDelivery ? (
          <Stack gap={2} align="flex-start">
            <DeliveryOutcome ok={lastDelivery.ok} httpStatus={lastDelivery.httpStatus} />
            <Text size="xs" c="dimmed" title={formatDateTime(lastDelivery.at, i18n.language) ?? undefined}>
              {formatRelativeTime(lastDelivery.at, i18n.language)}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('common.never')}
          </Text>
        ),
    },
    editDeleteColumn<Webhook>({
      editTooltip: t('webhooks.edit.title'),
      deleteTooltip: t('webhooks.delete.button'),
      editLabel: (webhook) => t('webhooks.edit.label', { name: webhook.name }),
      deleteLabel: (webhook) => t('webhooks.delete.label', { name: webhook.name }),
      onEdit,
      onDelete,
      actions: [
        {
          tooltip: t('webhooks.test.button'),
          label: (webhook) => t('webhooks.test.label', { name: webhook.name }),
          icon: IconSend,
          onClick: onTest,
          loading: (webhook) => testing === webhook.id,
        },
        {
          tooltip: t('webhooks.deliveries.button'),
          label: (webhook) => t('webhooks.deliveries.label', { name: webhook.name }),
          icon: IconHistory,
          onClick: onDeliveries,
        },
      ],
    }),
  ];
  return <ServerDataTable<Webhook> {...props} columns={columns} />;
}
