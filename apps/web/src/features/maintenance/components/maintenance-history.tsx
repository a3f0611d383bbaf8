import { Badge, Card, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import type { MaintenanceJob } from '@vaskedrift/shared';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { ServerDataTable } from '../../../components/server-table/server-data-table';
import { ServerListContent } from '../../../components/server-table/server-list-content';
import { serverTableProps, useServerPaging } from '../../../components/server-table/use-server-list';
import { formatDateTime } from '../../../lib/format';
import { useFormatDuration } from '../../../lib/use-format-duration';
import { useMaintenanceHistory } from '../api/get-maintenance-history';
import type { MaintenanceScope } from '../api/maintenance-keys';
import { AssigneeName, OverdueBadge } from './maintenance-job-details';

function Ongoing({ job }: { job: MaintenanceJob }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      <Badge color="blue" variant="light" size="sm">
        {t('maintenance.history.ongoing')}
      </Badge>
      <OverdueBadge job={job} />
    </Group>
  );
}

function useHistoryColumns(withBay: boolean): DataTableColumn<MaintenanceJob>[] {
  const { t, i18n } = useTranslation();
  const duration = useFormatDuration();
  const columns: DataTableColumn<MaintenanceJob>[] = [
    {
      accessor: 'type',
      title: t('maintenance.fields.type'),
      render: (job) => t(`maintenance.types.${job.type}`),
    },
    {
      accessor: 'assignee',
      title: t('maintenance.fields.assignee'),
      render: (job) => <AssigneeName job={job} />,
    },
    {
      accessor: 'startedAt',
      title: t('maintenance.fields.startedAt'),
      render: (job) => formatDateTime(job.startedAt, i18n.language),
    },
    {
      accessor: 'endedAt',
      title: t('maintenance.fields.endedAt'),
      render: (job) => (job.endedAt ? formatDateTime(job.endedAt, i18n.language) : <Ongoing job={job} />),
    },
    {
      accessor: 'durationSeconds',
      title: t('maintenance.fields.duration'),
      render: (job) => duration(job.durationSeconds),
    },
    {
      accessor: 'plannedSeconds',
      title: t('maintenance.fields.plannedDuration'),
      render: (job) => (job.plannedSeconds == null ? '–' : duration(job.plannedSeconds)),
    },
    {
      accessor: 'enabledBy',
      title: t('maintenance.fields.enabledBy'),
      render: (job) => job.enabledBy?.name ?? '–',
    },
    {
      accessor: 'endedBy',
      title: t('maintenance.fields.endedBy'),
      render: (job) => job.endedBy?.name ?? '–',
    },
  ];
  if (withBay) columns.unshift({ accessor: 'bayName', title: t('maintenance.fields.bay') });
  return columns;
}

/** A bay's or (with the bay's name) a facility's maintenance history, newest first, a page at a time. */
export function MaintenanceHistoryCard({ scope }: { scope: MaintenanceScope }) {
  const { t } = useTranslation();
  const paging = useServerPaging();
  const history = useMaintenanceHistory({ ...scope, page: paging.page, perPage: paging.perPage });
  const columns = useHistoryColumns('locationId' in scope);
  const title = t('maintenance.history.title');
  return (
    <Card padding="lg" component="section" aria-label={title}>
      <Title order={3} fz="md" mb="md">
        {title}
      </Title>
      <ServerListContent query={history} rows={paging.perPage}>
        <ServerDataTable
          aria-label={title}
          columns={columns}
          emptyText={t('maintenance.history.empty')}
          rowAttributes={(job) => ({
            'data-maintenance-id': job.id,
            'data-ended': String(job.endedAt != null),
          })}
          {...serverTableProps(paging, history)}
        />
      </ServerListContent>
    </Card>
  );
}

const COMPACT_PAGE = 5;

/** The bay panel's history: a few jobs at a time as short rows, narrow enough for a phone. */
export function MaintenanceHistoryList({ bayId }: { bayId: string }) {
  const { t, i18n } = useTranslation();
  const duration = useFormatDuration();
  const [page, setPage] = useState(1);
  const history = useMaintenanceHistory({ bayId, page, perPage: COMPACT_PAGE });
  if (history.isPending) return <ListSkeleton rows={2} />;
  if (history.isError && !history.data)
    return (
      <LoadError error={history.error} onRetry={() => history.refetch()} retrying={history.isFetching} />
    );
  const { data: jobs, count } = history.data;
  if (jobs.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('maintenance.history.empty')}
      </Text>
    );
  return (
    <Stack gap="xs">
      {jobs.map((job) => (
        <Paper
          key={job.id}
          withBorder
          p="xs"
          radius="md"
          data-maintenance-id={job.id}
          data-ended={job.endedAt != null}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {t(`maintenance.types.${job.type}`)} · <AssigneeName job={job} />
              </Text>
              <Text size="xs" c="dimmed">
                {[
                  formatDateTime(job.startedAt, i18n.language),
                  job.enabledBy ? `${t('maintenance.fields.enabledBy')}: ${job.enabledBy.name}` : null,
                  job.endedBy ? `${t('maintenance.fields.endedBy')}: ${job.endedBy.name}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            {job.endedAt ? (
              <Text size="sm" fw={600} style={{ flexShrink: 0 }} data-duration>
                {duration(job.durationSeconds)}
              </Text>
            ) : (
              <Ongoing job={job} />
            )}
          </Group>
        </Paper>
      ))}
      {count > COMPACT_PAGE && (
        <Pagination
          size="sm"
          total={Math.ceil(count / COMPACT_PAGE)}
          value={page}
          onChange={setPage}
          aria-label={t('maintenance.history.title')}
        />
      )}
    </Stack>
  );
}
