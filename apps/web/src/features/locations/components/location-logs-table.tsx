import { Badge, Text } from '@mantine/core';
import type { LocationLogEntry } from '@vaskedrift/shared';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ServerDataTable, type ServerTableProps } from '../../../components/server-table/server-data-table';
import { formatDateTime, fullName } from '../../../lib/format';
import { logEntryWhat } from '../location-log-view';
import { logTypeLabel } from '../log-types';

/** The facility's log: when, type (a failed check in red), bay, what and who. */
export function LocationLogsTable(props: Omit<ServerTableProps<LocationLogEntry>, 'emptyText'>) {
  const { t, i18n } = useTranslation();
  const columns: DataTableColumn<LocationLogEntry>[] = [
    {
      accessor: 'at',
      title: t('locations.logs.columns.at'),
      render: (entry) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(entry.at, i18n.language)}
        </Text>
      ),
    },
    {
      accessor: 'type',
      title: t('locations.logs.columns.type'),
      render: (entry) => {
        const label = logTypeLabel(entry.type);
        return (
          <Badge variant="light" color={entry.kind === 'check' ? 'red' : 'gray'} tt="none">
            {label ? t(label) : entry.type}
          </Badge>
        );
      },
    },
    {
      accessor: 'bayName',
      title: t('locations.logs.columns.bay'),
      render: (entry) => entry.bayName ?? '–',
    },
    {
      accessor: 'what',
      title: t('locations.logs.columns.what'),
      render: (entry) => (
        <Text size="sm" c={entry.kind === 'check' ? 'red' : undefined}>
          {logEntryWhat(entry) || '–'}
        </Text>
      ),
    },
    {
      accessor: 'user',
      title: t('locations.logs.columns.who'),
      render: (entry) =>
        entry.user ? (
          fullName(entry.user)
        ) : (
          <Text size="sm" c="dimmed">
            {t('locations.logs.system')}
          </Text>
        ),
    },
  ];
  return (
    <ServerDataTable<LocationLogEntry>
      {...props}
      aria-label={t('locations.logs.title')}
      emptyText={t('common.empty')}
      columns={columns}
      rowAttributes={(entry) => ({ 'data-kind': entry.kind })}
    />
  );
}
