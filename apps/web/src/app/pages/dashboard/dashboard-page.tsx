import { Alert, Box, Card, EmptyState, Group, Loader, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { BAY_STATUSES, canManageLocations, countDashboardBays } from '@vaskedrift/shared';
import { Suspense, useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { ReadOnlyWhileOffline } from '../../../components/read-only-fieldset';
import type { LocationCardTexts } from '../../../features/dashboard';
import {
  DashboardToolbar,
  knownSelection,
  LocationGrid,
  NeedsAttentionCard,
  OnlineUsersCard,
  StatusStatCards,
  useDashboard,
  visibleLocations,
} from '../../../features/dashboard';
import { RunningMaintenanceCard } from '../../../features/maintenance';
import { useAuth } from '../../../lib/auth-context';
import { lazyAfterFirstPage, markFirstPageAfterPaint } from '../../../lib/first-page';
import { useOfflineState } from '../../../lib/offline/offline-state';
import { useRealtimeConnected } from '../../../lib/realtime/realtime-state';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useCardsWaiting } from './card-queries';
import { OpenAlertsCard } from './open-alerts-card';

// The bay panel (Mantine's drawer with its transitions and focus trap) loads after the first tiles (decision
// 040) and stays mounted, closed: opening it then is a change of `opened`, so the drawer returns focus to the
// tile it was opened from when it closes.
const BayPanel = lazyAfterFirstPage(() => import('./bay-panel').then((module) => module.BayPanel));

/** The facility filter and 'only issues' are kept in this browser, so a wall screen keeps its view. */
const SELECTION_KEY = 'vaskedrift-dashboard-locations';
const ONLY_ISSUES_KEY = 'vaskedrift-dashboard-only-issues';

const dashboardRoute = getRouteApi('/app/');

/** Mantine's `xs` breakpoint: below it the page is laid out for a phone held upright. */
const PHONE = '(max-width: 36em)';

function useCardTexts(): LocationCardTexts {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts change with the language only
  return useMemo(
    () => ({
      status: {
        operational: t('bays.status.operational'),
        warning: t('bays.status.warning'),
        error: t('bays.status.error'),
        inactive: t('bays.status.inactive'),
        maintenance: t('bays.status.maintenance'),
      },
      bays: (count: number) => t('dashboard.location.bays', { count }),
      noBays: t('dashboard.location.noBays'),
      tilesLabel: (name: string) => t('dashboard.location.tilesLabel', { name }),
    }),
    [i18n.language],
  );
}

function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" aria-label={t('app.loading')} role="status">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} mb="lg">
        {BAY_STATUSES.map((status) => (
          <Skeleton key={status} height={96} radius="lg" />
        ))}
        <Skeleton height={96} radius="lg" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <Skeleton key={index} height={200} radius="lg" />
        ))}
      </SimpleGrid>
    </div>
  );
}

/**
 * `/`: bays per status, the open alerts (on a phone: then the bays that need a person), every facility the user may see with its bays as coloured tiles
 * (live while the channel is connected, else refreshed every 30 s), the running maintenance, who is online, and the panel of the bay in `?bay=`.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { role } = useAuth();
  const canManage = role != null && canManageLocations(role);
  const dashboard = useDashboard();
  const live = useRealtimeConnected();
  const { offline } = useOfflineState();
  // The cards above the tiles come with them: a card filling in does not push the tiles down (decision 040).
  const cardsWaiting = useCardsWaiting(dashboard.isSuccess);
  const pending = dashboard.isPending || (cardsWaiting && !dashboard.isError);
  const refetchError = useApiErrorMessage(dashboard.isRefetchError ? dashboard.error : null);
  const texts = useCardTexts();
  const { bay: openBayId } = dashboardRoute.useSearch();
  const navigate = useNavigate();
  // Read at once: a phone's first render already puts what needs a person first.
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  // A new history entry each: the back button closes the panel, a reload keeps it open.
  const openBay = useCallback((bay: string) => void navigate({ to: '/', search: { bay } }), [navigate]);
  const closeBay = useCallback(() => void navigate({ to: '/', search: {} }), [navigate]);
  // Read at once (not in an effect): the first render of 10,000 tiles must already be the filtered one.
  const [storedSelection, setSelection] = useLocalStorage<string[]>({
    key: SELECTION_KEY,
    defaultValue: [],
    getInitialValueInEffect: false,
  });
  const [onlyIssues, setOnlyIssues] = useLocalStorage<boolean>({
    key: ONLY_ISSUES_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });

  // The first tiles (or the error, or the empty page) are on screen: what waits for that may load now.
  useEffect(() => {
    if (!pending) markFirstPageAfterPaint();
  }, [pending]);

  const locations = dashboard.data?.locations;
  const selection = useMemo(
    () => knownSelection(storedSelection, locations ?? []),
    [storedSelection, locations],
  );
  const shown = useMemo(
    () => visibleLocations(locations ?? [], selection, onlyIssues),
    [locations, selection, onlyIssues],
  );
  const filtered = selection.length > 0 || onlyIssues;
  const counts = useMemo(
    () => (filtered || !dashboard.data ? countDashboardBays(shown) : dashboard.data.counts),
    [filtered, shown, dashboard.data],
  );

  const updatedAt = dashboard.dataUpdatedAt
    ? new Date(dashboard.dataUpdatedAt).toLocaleTimeString(i18n.language === 'nb' ? 'nb-NO' : i18n.language)
    : null;

  return (
    <>
      <PageHeader
        description={
          // Offline, the banner above says how old the kept dashboard is; no refresh is under way.
          updatedAt && !offline ? (
            // Two lines kept on a phone: 'every 30 seconds' wraps there and 'live' does not, and the tiles
            // below moved up when the live channel connected.
            <Group component="span" gap={6} style={phone ? { minHeight: '2lh' } : undefined}>
              {t(live ? 'dashboard.updatedAtLive' : 'dashboard.updatedAt', { time: updatedAt })}
              {dashboard.isFetching && <Loader size={12} aria-label={t('dashboard.refreshing')} />}
            </Group>
          ) : (
            t('dashboard.subtitle')
          )
        }
      />
      {pending ? (
        <DashboardSkeleton />
      ) : dashboard.isError && !dashboard.data ? (
        <LoadError
          error={dashboard.error}
          onRetry={() => dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : dashboard.data.locations.length === 0 ? (
        <Card padding="xl">
          <EmptyState
            py={48}
            variant="light"
            icon={<IconBuildingStore size={28} stroke={1.6} aria-hidden />}
            title={t('locations.empty')}
            description={canManage ? t('dashboard.emptyHintAdmin') : t('dashboard.emptyHint')}
          >
            {canManage && (
              <Group justify="center" mt="md">
                <ButtonLink to="/locations" leftSection={<IconPlus size={16} aria-hidden />}>
                  {t('dashboard.toLocations')}
                </ButtonLink>
              </Group>
            )}
          </EmptyState>
        </Card>
      ) : (
        <>
          {refetchError && (
            <Alert color="yellow" variant="light" mb="md" icon={<IconAlertTriangle aria-hidden />}>
              {t('dashboard.refetchError', { time: updatedAt ?? '' })} {refetchError}
            </Alert>
          )}
          <StatusStatCards counts={counts} />
          {/* Offline, what is shown is a kept copy: its actions are off (lib/offline). */}
          <ReadOnlyWhileOffline>
            <OpenAlertsCard onOpenBay={openBay} />
          </ReadOnlyWhileOffline>
          {phone && <NeedsAttentionCard locations={shown} onOpenBay={openBay} />}
          <ReadOnlyWhileOffline>
            <RunningMaintenanceCard onOpenBay={openBay} />
          </ReadOnlyWhileOffline>
          {!phone && <OnlineUsersCard />}
          <DashboardToolbar
            locations={dashboard.data.locations}
            selected={selection}
            onSelectedChange={setSelection}
            onlyIssues={onlyIssues}
            onOnlyIssuesChange={setOnlyIssues}
          />
          {shown.length === 0 ? (
            <Card padding="xl">
              <Text ta="center" c="dimmed">
                {t('dashboard.filter.empty')}
              </Text>
            </Card>
          ) : (
            <LocationGrid locations={shown} canOpen={canManage} texts={texts} onOpenBay={openBay} />
          )}
          {phone && (
            <Box mt="lg">
              <OnlineUsersCard />
            </Box>
          )}
        </>
      )}
      <Suspense fallback={null}>
        <BayPanel bayId={openBayId} locations={locations ?? []} loading={pending} onClose={closeBay} />
      </Suspense>
    </>
  );
}
