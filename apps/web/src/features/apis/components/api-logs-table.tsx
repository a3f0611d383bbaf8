import { Text } from '@mantine/core';
import type { ApiCheckLog } from '@vaskedrift/shared';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  ServerDataTable,
  type ServerTablePreviewProps,
  type ServerTableProps,
} from '../../../components/server-table/server-data-table';
import { formatDateTime } from '../../../lib/format';
import { formatBytes } from '../../../lib/relative-time';
import { OutcomeBadge } from './outcome-badge';

/**
 * Check log rows: time, outcome, HTTP status, duration, size, records and the reason of a failure. Paged on
 * the log page; the overview shows the newest few without paging.
 */
export function ApiLogsTable(
  props:
    | Omit<ServerTableProps<ApiCheckLog>, 'emptyText'>
    | Omit<ServerTablePreviewProps<ApiCheckLog>, 'emptyText'>,
) {
  const { t, i18n } = useTranslation();
  const columns: DataTableColumn<ApiCheckLog>[] = [
    {
      accessor: 'startedAt',
      title: t('apis.logs.columns.time'),
      render: (log) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(log.startedAt, i18n.language)}
        </Text>
      ),
    },
    {
      accessor: 'outcome',
      title: t('apis.logs.columns.outcome'),
      render: (log) => <OutcomeBadge outcome={log.outcome} />,
    },
    {
      accessor: 'source',
      title: t('apis.logs.columns.source'),
      render: (log) => t(`apis.logs.source.${log.source}`),
    },
    {
      accessor: 'httpStatus',
      title: t('apis.logs.columns.httpStatus'),
      textAlign: 'right',
      render: (log) => log.httpStatus ?? '–',
    },
    {
      accessor: 'durationMs',
      title: t('apis.logs.columns.duration'),
      textAlign: 'right',
      render: (log) => t('apis.ms', { count: log.durationMs }),
    },
    {
      accessor: 'bytes',
      title: t('apis.logs.columns.bytes'),
      textAlign: 'right',
      render: (log) => formatBytes(log.bytes, i18n.language) ?? '–',
    },
    {
      accessor: 'records',
      title: t('apis.logs.columns.records'),
      textAlign: 'right',
      render: (log) => log.records ?? '–',
    },
    {
      accessor: 'error',
      title: t('apis.logs.columns.reason'),
      render: (log) => (
        <Text size="sm" c={log.error ? 'red' : 'dimmed'}>
          {log.error ?? '–'}
        </Text>
      ),
    },
  ];
  return <ServerDataTable<ApiCheckLog> {...props} emptyText={t('apis.logs.empty')} columns={columns} />;
}
