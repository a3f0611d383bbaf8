import { Badge, Stack, Text } from '@mantine/core';
import type { Recipient } from '@vaskedrift/shared';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { NotificationTagBadges } from '../../../components/notification-tags';
import { editDeleteColumn } from '../../../components/row-actions';
import { ServerDataTable, type ServerTableProps } from '../../../components/server-table/server-data-table';

/** 'Hver 2 t 30 min', 'Hver 15 min', or at the job's own reminders when both are 0. */
function reminderText({ reminderHours, reminderMinutes }: Recipient, t: TFunction): string {
  if (reminderHours === 0 && reminderMinutes === 0) return t('notifications.reminder.jobs');
  const parts = [
    reminderHours > 0 ? t('notifications.reminder.hours', { count: reminderHours }) : null,
    reminderMinutes > 0 ? t('notifications.reminder.minutes', { count: reminderMinutes }) : null,
  ];
  return t('notifications.reminder.every', { interval: parts.filter(Boolean).join(' ') });
}

const KIND_COLORS: Record<Recipient['kind'], string> = { user: 'blue', group: 'grape', custom: 'gray' };

/** Recipients: who (with the address or member count), kind, tags, facilities, reminder; edit, delete. */
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
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {recipient.name}
          </Text>
          <Text size="xs" c="dimmed">
            {recipient.email ?? t('notifications.memberCount', { count: recipient.memberCount })}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'kind',
      title: t('notifications.columns.kind'),
      noWrap: true,
      render: (recipient) => (
        <Badge variant="light" color={KIND_COLORS[recipient.kind]} tt="none" miw="max-content">
          {t(`notifications.kinds.${recipient.kind}`)}
        </Badge>
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
          {reminderText(recipient, t)}
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
