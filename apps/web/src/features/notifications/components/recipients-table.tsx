import { Badge, Text } from '@mantine/core';
import type { Recipient } from '@vaskedrift/shared';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { editDeleteColumn } from '../../../components/row-actions';
import { ServerDataTable, type ServerTableProps } from '../../../components/server-table/server-data-table';
import { NotificationTagBadges } from './notification-tags';

const KIND_COLORS: Record<Recipient['kind'], string> = { user: 'blue', group: 'grape', custom: 'gray' };

/** Recipients: who, kind, address, tags, facilities and reminder interval, with edit and delete. */
export function RecipientsTable({
  onEdit,
  onDelete,
  ...props
}: Omit<ServerTableProps<Recipient>, 'onOpen'> & {
  onEdit: (recipient: Recipient) => void;
  onDelete: (recipient: Recipient) => void;
}) {
  const { t } = useTranslation();
  const columns: DataTableColumn<Recipient>[] = [
    {
      accessor: 'name',
      title: t('notifications.columns.name'),
      render: (recipient) => (
        <Text size="sm" fw={600}>
          {recipient.name}
        </Text>
      ),
    },
    {
      accessor: 'kind',
      title: t('notifications.columns.kind'),
      render: (recipient) => (
        <Badge variant="light" color={KIND_COLORS[recipient.kind]} tt="none">
          {t(`notifications.kinds.${recipient.kind}`)}
        </Badge>
      ),
    },
    {
      accessor: 'email',
      title: t('notifications.columns.email'),
      render: (recipient) =>
        recipient.email ?? (
          <Text size="sm" c="dimmed">
            {t('notifications.memberCount', { count: recipient.memberCount })}
          </Text>
        ),
    },
    {
      accessor: 'tags',
      title: t('notifications.columns.tags'),
      render: (recipient) => <NotificationTagBadges tags={recipient.tags} />,
    },
    {
      accessor: 'locations',
      title: t('notifications.columns.scope'),
      render: (recipient) => (
        <Text size="sm" lineClamp={2}>
          {recipient.allLocations
            ? t('notifications.scope.all')
            : recipient.locations.map((location) => location.name).join(', ')}
        </Text>
      ),
    },
    {
      accessor: 'reminder',
      title: t('notifications.columns.reminder'),
      render: (recipient) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {recipient.reminderHours === 0 && recipient.reminderMinutes === 0
            ? t('notifications.reminder.jobs')
            : t('notifications.reminder.every', {
                hours: recipient.reminderHours,
                minutes: recipient.reminderMinutes,
              })}
        </Text>
      ),
    },
    editDeleteColumn<Recipient>({
      editTooltip: t('notifications.edit.title'),
      deleteTooltip: t('notifications.delete.button'),
      editLabel: (recipient) => t('notifications.edit.label', { name: recipient.name }),
      deleteLabel: (recipient) => t('notifications.delete.label', { name: recipient.name }),
      onEdit,
      onDelete,
    }),
  ];
  return <ServerDataTable<Recipient> {...props} columns={columns} />;
}
