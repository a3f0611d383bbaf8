import { Card, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconListDetails, IconPencil, IconPlugConnected, IconReportAnalytics } from '@tabler/icons-react';
import { Outlet, useMatchRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { ApiSummaryCard } from '../components/api-summary-card';
import { useRouteApi } from '../use-route-api';

type ApiTab = 'overview' | 'metrics' | 'logs' | 'edit';

function useCurrentTab(): ApiTab {
  const matchRoute = useMatchRoute();
  if (matchRoute({ to: '/integrations/apis/$apiId/metrics' })) return 'metrics';
  if (matchRoute({ to: '/integrations/apis/$apiId/logs' })) return 'logs';
  if (matchRoute({ to: '/integrations/apis/$apiId/edit' })) return 'edit';
  return 'overview';
}

/** /integrations/apis/{apiId}: the API, tabs (Oversikt, Attributter, Logg, Rediger) and the tab's page. */
export function ApiLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { apiId, api } = useRouteApi();
  const tab = useCurrentTab();
  const notFound = isApiError(api.error) && (api.error.status === 404 || api.error.status === 400);

  const selectTab = (value: string | null) => {
    const params = { apiId };
    if (value === 'metrics') void navigate({ to: '/integrations/apis/$apiId/metrics', params });
    else if (value === 'logs') void navigate({ to: '/integrations/apis/$apiId/logs', params });
    else if (value === 'edit') void navigate({ to: '/integrations/apis/$apiId/edit', params });
    else void navigate({ to: '/integrations/apis/$apiId', params });
  };

  return (
    <>
      <PageHeader />
      {api.isPending ? (
        <Card padding="lg" mb="lg" aria-busy="true" aria-label={t('app.loading')}>
          <Stack gap={8}>
            <Skeleton height={22} width="30%" />
            <Skeleton height={14} width="50%" />
          </Stack>
        </Card>
      ) : notFound ? (
        <Card padding="xl">
          <Stack align="center" gap="sm">
            <Title order={2} fz="lg">
              {t('apis.notFound.title')}
            </Title>
            <Text c="dimmed">{t('apis.notFound.text')}</Text>
            <ButtonLink to="/integrations/apis" variant="default">
              {t('apis.notFound.back')}
            </ButtonLink>
          </Stack>
        </Card>
      ) : api.isError ? (
        <LoadError error={api.error} onRetry={() => api.refetch()} retrying={api.isFetching} />
      ) : (
        <>
          <ApiSummaryCard api={api.data} />
          <Tabs value={tab} onChange={selectTab} mb="lg" keepMounted={false}>
            <Tabs.List aria-label={t('apis.tabs.label')}>
              <Tabs.Tab value="overview" leftSection={<IconPlugConnected size={16} aria-hidden />}>
                {t('apis.tabs.overview')}
              </Tabs.Tab>
              <Tabs.Tab value="metrics" leftSection={<IconListDetails size={16} aria-hidden />}>
                {t('apis.tabs.metrics')}
              </Tabs.Tab>
              <Tabs.Tab value="logs" leftSection={<IconReportAnalytics size={16} aria-hidden />}>
                {t('apis.tabs.logs')}
              </Tabs.Tab>
              <Tabs.Tab value="edit" leftSection={<IconPencil size={16} aria-hidden />}>
                {t('apis.tabs.edit')}
              </Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <Outlet />
        </>
      )}
    </>
  );
}
