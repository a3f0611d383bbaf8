import 'mantine-datatable/styles.css';
import { Text } from '@mantine/core';
import type { ApiCheckLog } from '@vaskedrift/shared';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { pageSizeOptions, useDataTableTexts } from '../../../components/use-data-table-texts';
import { formatDateTime } from '../../../lib/format';
import { formatBytes } from '../../../lib/relative-time';
import { OutcomeBadge } from './outcome-badge';

/** Check log rows: time, outcome, HTTP status, duration, size, records and the reason of a failure. */
export function ApiLogsTable({
  logs,
  total,
  fetching,
  page,
  perPage,
  onPageChange,
  onPerPageChange,
}: {
  logs: ApiCheckLog[];
  total: number;
  fetching: boolean;
  page?: number;
  perPage: number;
  onPageChange?: (page: number) => void;
  onPerPageChange?: (perPage: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const texts = useDataTableTexts(t('apis.logs.empty'));
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
  const common = {
    ...texts.empty,
    minHeight: logs.length === 0 ? 160 : undefined,
    verticalSpacing: 'xs' as const,
    records: logs,
    fetching,
    columns,
  };
  if (onPageChange == null || page == null) return <DataTable<ApiCheckLog> {...common} />;
  return (
    <DataTable<ApiCheckLog>
      {...common}
      {...texts.pagination}
      recordsPerPageLabel={texts.recordsPerPageLabel}
      totalRecords={total}
      page={page}
      onPageChange={onPageChange}
      recordsPerPage={perPage}
      recordsPerPageOptions={pageSizeOptions(perPage)}
      onRecordsPerPageChange={onPerPageChange ?? (() => {})}
    />
  );
}
