import { Card, Group, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconCarGarage, IconGauge, IconLink, IconPencil } from '@tabler/icons-react';
import { Outlet, useMatchRoute, useNavigate } from '@tanstack/react-router';
import { canManageFacilities } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../lib/auth-context';
import { isNotFound } from '../../locations/not-found';
import { BayNotFound } from '../components/bay-not-found';
import { BayStatusHero } from '../components/bay-status-hero';
import { useRouteBay } from '../use-route-bay';

type BayTab = 'overview' | 'links' | 'metrics' | 'edit';

function useCurrentTab(): BayTab {
  const matchRoute = useMatchRoute();
  if (matchRoute({ to: '/locations/$locationId/bays/$bayId/links' })) return 'links';
  if (matchRoute({ to: '/locations/$locationId/bays/$bayId/metrics' })) return 'metrics';
  if (matchRoute({ to: '/locations/$locationId/bays/$bayId/edit' })) return 'edit';
  return 'overview';
}

/** /locations/{locationId}/bays/{bayId}: the bay's status big, tabs (Oversikt, Lenker, Rediger) and the tab's page. */
export function BayLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useAuth();
  const { locationId, bayId, bay } = useRouteBay();
  const tab = useCurrentTab();
  const canManage = role != null && canManageFacilities(role);
  // A bay opened under another facility's address is not this facility's bay.
  const elsewhere = bay.data != null && bay.data.locationId !== locationId;

  const selectTab = (value: string | null) => {
    const params = { locationId, bayId };
    if (value === 'links') void navigate({ to: '/locations/$locationId/bays/$bayId/links', params });
    else if (value === 'metrics') void navigate({ to: '/locations/$locationId/bays/$bayId/metrics', params });
    else if (value === 'edit') void navigate({ to: '/locations/$locationId/bays/$bayId/edit', params });
    else void navigate({ to: '/locations/$locationId/bays/$bayId', params });
  };

  return (
    <>
      <PageHeader />
      {bay.isPending ? (
        <Card padding="lg" mb="lg">
          <Group gap="lg" aria-busy="true" aria-label={t('app.loading')}>
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={22} width="30%" />
              <Skeleton height={14} width="20%" />
            </Stack>
            <Skeleton height={90} width="45%" radius="md" />
          </Group>
        </Card>
      ) : isNotFound(bay.error) || elsewhere ? (
        <BayNotFound locationId={locationId} />
      ) : bay.isError ? (
        <LoadError error={bay.error} onRetry={() => bay.refetch()} retrying={bay.isFetching} />
      ) : (
        <>
          <BayStatusHero bay={bay.data} />
          <Tabs value={tab} onChange={selectTab} mb="lg" keepMounted={false}>
            <Tabs.List aria-label={t('bays.tabs.label')}>
              <Tabs.Tab value="overview" leftSection={<IconCarGarage size={16} aria-hidden />}>
                {t('bays.tabs.overview')}
              </Tabs.Tab>
              <Tabs.Tab value="links" leftSection={<IconLink size={16} aria-hidden />}>
                {t('bays.tabs.links')}
              </Tabs.Tab>
              <Tabs.Tab value="metrics" leftSection={<IconGauge size={16} aria-hidden />}>
                {t('bays.tabs.metrics')}
              </Tabs.Tab>
              {canManage && (
                <Tabs.Tab value="edit" leftSection={<IconPencil size={16} aria-hidden />}>
                  {t('bays.tabs.edit')}
                </Tabs.Tab>
              )}
            </Tabs.List>
          </Tabs>
          <Outlet />
        </>
      )}
    </>
  );
}
