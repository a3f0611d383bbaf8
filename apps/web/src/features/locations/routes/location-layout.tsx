import { Card, Group, Skeleton, Stack, Tabs } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingStore,
  IconCamera,
  IconCarGarage,
  IconPencil,
} from '@tabler/icons-react';
import { Outlet, useMatchRoute, useNavigate } from '@tanstack/react-router';
import { canManageFacilities } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../lib/auth-context';
import { LocationNotFound } from '../components/location-not-found';
import { LocationSummaryCard } from '../components/location-summary-card';
import { isNotFound } from '../not-found';
import { useRouteLocation } from '../use-route-location';

type LocationTab = 'overview' | 'bays' | 'cameras' | 'alerts' | 'edit';

function useLocationPageState(): { tab: LocationTab; inBay: boolean } {
  const matchRoute = useMatchRoute();
  if (matchRoute({ to: '/locations/$locationId/bays/$bayId', fuzzy: true }))
    return { tab: 'bays', inBay: true };
  if (matchRoute({ to: '/locations/$locationId/bays' })) return { tab: 'bays', inBay: false };
  if (matchRoute({ to: '/locations/$locationId/cameras' })) return { tab: 'cameras', inBay: false };
  if (matchRoute({ to: '/locations/$locationId/alerts' })) return { tab: 'alerts', inBay: false };
  if (matchRoute({ to: '/locations/$locationId/edit' })) return { tab: 'edit', inBay: false };
  return { tab: 'overview', inBay: false };
}

/**
 * /locations/{locationId}: the facility, tabs to its pages (Oversikt, Vaskehaller, Kameraer, Rediger) and
 * the page of the chosen tab. A bay's pages have their own header, so they get the outlet alone.
 */
export function LocationLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useAuth();
  const { locationId, location } = useRouteLocation();
  const { tab, inBay } = useLocationPageState();
  const canManage = role != null && canManageFacilities(role);

  if (inBay) return <Outlet />;

  const selectTab = (value: string | null) => {
    const params = { locationId };
    if (value === 'bays') void navigate({ to: '/locations/$locationId/bays', params });
    else if (value === 'cameras') void navigate({ to: '/locations/$locationId/cameras', params });
    else if (value === 'alerts') void navigate({ to: '/locations/$locationId/alerts', params });
    else if (value === 'edit') void navigate({ to: '/locations/$locationId/edit', params });
    else void navigate({ to: '/locations/$locationId', params });
  };

  return (
    <>
      <PageHeader />
      {location.isPending ? (
        <Card padding="lg" mb="lg">
          <Group gap="lg" aria-busy="true" aria-label={t('app.loading')}>
            <Skeleton height={64} width={96} radius="md" />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={20} width="30%" />
              <Skeleton height={14} width="45%" />
            </Stack>
          </Group>
        </Card>
      ) : isNotFound(location.error) ? (
        <LocationNotFound />
      ) : location.isError ? (
        <LoadError error={location.error} onRetry={() => location.refetch()} retrying={location.isFetching} />
      ) : (
        <>
          <LocationSummaryCard location={location.data} />
          <Tabs value={tab} onChange={selectTab} mb="lg" keepMounted={false}>
            <Tabs.List aria-label={t('locations.tabs.label')}>
              <Tabs.Tab value="overview" leftSection={<IconBuildingStore size={16} aria-hidden />}>
                {t('locations.tabs.overview')}
              </Tabs.Tab>
              <Tabs.Tab value="bays" leftSection={<IconCarGarage size={16} aria-hidden />}>
                {t('locations.tabs.bays')}
              </Tabs.Tab>
              <Tabs.Tab value="cameras" leftSection={<IconCamera size={16} aria-hidden />}>
                {t('locations.tabs.cameras')}
              </Tabs.Tab>
              <Tabs.Tab value="alerts" leftSection={<IconAlertTriangle size={16} aria-hidden />}>
                {t('locations.tabs.alerts')}
              </Tabs.Tab>
              {canManage && (
                <Tabs.Tab value="edit" leftSection={<IconPencil size={16} aria-hidden />}>
                  {t('locations.tabs.edit')}
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
