import { Card, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { useItemsPerPage } from '../../../lib/user-data-query';
import { useApiLogs } from '../api/get-api-logs';
import { ApiLogsTable } from '../components/api-logs-table';
import { useRouteApi } from '../use-route-api';

type OutcomeFilter = 'all' | 'ok' | 'error';

/** /integrations/apis/{apiId}/logs: every check, newest first, filterable by outcome. */
export function ApiLogsPage() {
  const { t } = useTranslation();
  const { apiId } = useRouteApi();
  const [perPage, setPerPage] = useState(useItemsPerPage());
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<OutcomeFilter>('all');
  const logs = useApiLogs({
    apiId,
    page,
    perPage,
    filters: outcome === 'all' ? undefined : { outcome },
  });

  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} fz="md">
            {t('apis.logs.title')}
          </Title>
          <SegmentedControl
            aria-label={t('apis.logs.filter')}
            value={outcome}
            onChange={(value) => {
              setOutcome(value as OutcomeFilter);
              setPage(1);
            }}
            data={[
              { value: 'all', label: t('apis.logs.all') },
              { value: 'ok', label: t('apis.outcome.ok') },
              { value: 'error', label: t('apis.outcome.error') },
            ]}
          />
        </Group>
        {logs.isPending ? (
          <ListSkeleton rows={Math.min(perPage, 8)} />
        ) : logs.isError && !logs.data ? (
          <LoadError error={logs.error} onRetry={() => logs.refetch()} retrying={logs.isFetching} />
        ) : (
          <ApiLogsTable
            logs={logs.data?.data ?? []}
            total={logs.data?.count ?? 0}
            fetching={logs.isFetching}
            page={page}
            perPage={perPage}
            onPageChange={setPage}
            onPerPageChange={(size) => {
              setPerPage(size);
              setPage(1);
            }}
          />
        )}
      </Stack>
    </Card>
  );
}
