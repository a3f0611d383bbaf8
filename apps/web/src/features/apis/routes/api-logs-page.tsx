import { Card, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerListContent } from '../../../components/server-table/server-list-content';
import { serverTableProps, useServerPaging } from '../../../components/server-table/use-server-list';
import { useApiLogs } from '../api/get-api-logs';
import { ApiLogsTable } from '../components/api-logs-table';
import { useRouteApi } from '../use-route-api';

type OutcomeFilter = 'all' | 'ok' | 'error';

/** /integrations/apis/{apiId}/logs: every check, newest first, filterable by outcome. */
export function ApiLogsPage() {
  const { t } = useTranslation();
  const { apiId } = useRouteApi();
  const paging = useServerPaging();
  const [outcome, setOutcome] = useState<OutcomeFilter>('all');
  const logs = useApiLogs({
    apiId,
    page: paging.page,
    perPage: paging.perPage,
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
              paging.resetPage();
            }}
            data={[
              { value: 'all', label: t('apis.logs.all') },
              { value: 'ok', label: t('apis.outcome.ok') },
              { value: 'error', label: t('apis.outcome.error') },
            ]}
          />
        </Group>
        <ServerListContent query={logs} rows={paging.perPage}>
          <ApiLogsTable {...serverTableProps(paging, logs)} />
        </ServerListContent>
      </Stack>
    </Card>
  );
}
