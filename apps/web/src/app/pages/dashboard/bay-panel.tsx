import { Drawer, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { byWorstLevel, canManageLocations } from '@vaskedrift/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BayMetricRow } from '../../../components/bay-metric-row';
import { BayStatusBadge } from '../../../components/bay-status/bay-status-badge';
import { formatSince, formatTimeAgo } from '../../../components/bay-status/status-since';
import { UnmonitoredBadge } from '../../../components/bay-status/unmonitored-badge';
import { ButtonLink } from '../../../components/button-link';
import { LoadError } from '../../../components/load-error';
import { ReadOnlyWhileOffline } from '../../../components/read-only-fieldset';
import { OpenAlertItem, useAlerts } from '../../../features/alerts';
import {
  BAY_ID,
  BAY_MONITORED,
  BAY_NAME,
  BAY_SINCE,
  BAY_STATUS,
  type DashboardLocation,
  findBay,
} from '../../../features/dashboard';
import { BayMaintenance, MaintenanceHistoryList } from '../../../features/maintenance';
import { MuteControl } from '../../../features/mutes';
import { useAuth } from '../../../lib/auth-context';
import { useBayMetrics } from '../../../lib/queries/get-bay-metrics';

/** A bay has a handful of attributes and alerts; one page holds them all. */
const PANEL_PAGE = { page: 1, perPage: 100 } as const;

function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} fz="sm" tt="uppercase" c="dimmed">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function ListState<T>({
  query,
  empty,
  children,
}: {
  query: {
    data?: { data: T[] };
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  };
  /** What an empty list means here, when 'Fant ingen data' says less. */
  empty?: string;
  children: (rows: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton height={64} radius="md" aria-label={t('app.loading')} />;
  if (query.isError && !query.data)
    return <LoadError error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  const rows = query.data?.data ?? [];
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty ?? t('common.empty')}
      </Text>
    );
  return <>{children(rows)}</>;
}

/**
 * What the panel shows once the bay is known: its running maintenance (with start, change and end), why
 * it has its status, its open alerts and its maintenance history.
 */
function BayPanelBody({ bayId, bayName, monitored }: { bayId: string; bayName: string; monitored: boolean }) {
  const { t } = useTranslation();
  const metrics = useBayMetrics({ ...PANEL_PAGE, filters: { bayId } });
  const alerts = useAlerts({ ...PANEL_PAGE, filters: { bayId, state: 'open' } });
  return (
    <Stack gap="lg">
      <PanelSection title={t('maintenance.title')}>
        <BayMaintenance bayId={bayId} bayName={bayName} />
      </PanelSection>
      <PanelSection title={t('dashboard.panel.why')}>
        {/* A bay without attributes has nothing to explain: its status was set by hand. */}
        <ListState query={metrics} empty={monitored ? undefined : t('monitoring.unmonitoredHint')}>
          {(rows) =>
            // Worst first: the attribute that makes the bay red is the one to read.
            [...rows].sort(byWorstLevel).map((metric) => <BayMetricRow key={metric.id} metric={metric} />)
          }
        </ListState>
      </PanelSection>
      <PanelSection title={t('alerts.open')}>
        <ListState query={alerts}>
          {(rows) => rows.map((alert) => <OpenAlertItem key={alert.id} alert={alert} />)}
        </ListState>
      </PanelSection>
      <PanelSection title={t('alerts.notifications.title')}>
        <MuteControl scope={{ bayId }} />
      </PanelSection>
      <PanelSection title={t('maintenance.history.title')}>
        <MaintenanceHistoryList bayId={bayId} />
      </PanelSection>
    </Stack>
  );
}

/**
 * The bay panel of the dashboard: a drawer on the right, the whole screen from below on a phone. Its
 * requests start only when it opens; the bay itself comes from the dashboard's data.
 */
export function BayPanel({
  bayId,
  locations,
  loading,
  onClose,
}: {
  bayId: string | undefined;
  locations: readonly DashboardLocation[];
  loading: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { role } = useAuth();
  const phone = useMediaQuery('(max-width: 36em)');
  const found = bayId ? findBay(locations, bayId) : null;
  const name = found ? found.bay[BAY_NAME] : t('dashboard.panel.title');
  return (
    <Drawer
      opened={bayId != null}
      onClose={onClose}
      position={phone ? 'bottom' : 'right'}
      size={phone ? '100%' : 'md'}
      // The drawer's title is its own h2; a heading inside it would be a second one.
      title={name}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 650 } }}
      closeButtonProps={{ 'aria-label': t('dashboard.panel.close') }}
    >
      {!bayId ? null : found ? (
        <Stack gap="lg">
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {found.location.name}
            </Text>
            <Group gap="xs">
              <BayStatusBadge status={found.bay[BAY_STATUS]} size="lg" />
              {!found.bay[BAY_MONITORED] && <UnmonitoredBadge size="lg" />}
              <Text size="sm">
                {t('dashboard.tile.since', {
                  time: formatSince(found.bay[BAY_SINCE], i18n.language),
                  ago: formatTimeAgo(found.bay[BAY_SINCE], Date.now(), i18n.language),
                })}
              </Text>
            </Group>
            {role != null && canManageLocations(role) && (
              <Group>
                <ButtonLink
                  to="/locations/$locationId/bays/$bayId"
                  params={{ locationId: found.location.id, bayId: found.bay[BAY_ID] }}
                  variant="light"
                  size="xs"
                  leftSection={<IconExternalLink size={14} aria-hidden />}
                >
                  {t('dashboard.panel.openBay')}
                </ButtonLink>
              </Group>
            )}
          </Stack>
          <ReadOnlyWhileOffline>
            <BayPanelBody bayId={bayId} bayName={found.bay[BAY_NAME]} monitored={found.bay[BAY_MONITORED]} />
          </ReadOnlyWhileOffline>
        </Stack>
      ) : loading ? (
        <Skeleton height={120} radius="md" aria-label={t('app.loading')} />
      ) : (
        <Text c="dimmed">{t('common.empty')}</Text>
      )}
    </Drawer>
  );
}
