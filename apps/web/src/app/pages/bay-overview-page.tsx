import { Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type Alert, type BayMetric, byWorstLevel, canManageLocations } from '@vaskedrift/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BayMetricRow } from '../../components/bay-metric-row';
import { ButtonLink } from '../../components/button-link';
import { DetailsCard } from '../../components/details-card';
import { ListSkeleton } from '../../components/list-skeleton';
import { LoadError } from '../../components/load-error';
import { OpenAlertItem, useAlerts } from '../../features/alerts';
import { useRouteBay } from '../../features/bays';
import { LinkButton, useBayLinks } from '../../features/links';
import { BayMaintenance, MaintenanceHistoryCard, MaintenanceStatsCard } from '../../features/maintenance';
import { MuteCard } from '../../features/mutes';
import { useAuth } from '../../lib/auth-context';
import { formatDateTime } from '../../lib/format';
import { useBayMetrics } from '../../lib/queries/get-bay-metrics';

/** A bay has a handful of attributes and alerts; one page holds them all. */
const ALL_OF_BAY = { page: 1, perPage: 100 } as const;

/** A card whose body is a list with its own loading, error and empty state. */
function ListCard<T>({
  title,
  query,
  empty,
  children,
}: {
  title: string;
  query: ReturnType<typeof useBayMetrics> | ReturnType<typeof useAlerts>;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <Card padding="lg" component="section" aria-label={title}>
      <Title order={3} fz="md" mb="md">
        {title}
      </Title>
      {query.isPending ? (
        <ListSkeleton rows={2} />
      ) : query.isError && !query.data ? (
        <LoadError error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : query.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap="xs">{children(query.data.data as T[])}</Stack>
      )}
    </Card>
  );
}

/**
 * /locations/{locationId}/bays/{bayId}: the bay's running maintenance (with start, change and end), its
 * attributes with their values and levels, its open alerts, links and details, and its maintenance
 * history with the last 30 days' figures.
 */
export function BayOverviewPage() {
  const { t, i18n } = useTranslation();
  const { role } = useAuth();
  const { locationId, bayId, bay } = useRouteBay();
  const links = useBayLinks(bayId);
  const metrics = useBayMetrics({ ...ALL_OF_BAY, filters: { bayId } });
  const alerts = useAlerts({ ...ALL_OF_BAY, filters: { bayId, state: 'open' } });
  const canManage = role != null && canManageLocations(role);
  if (!bay.data) return null;

  const rows: [string, ReactNode][] = [
    [t('bays.fields.name'), bay.data.name],
    [t('bays.fields.location'), bay.data.locationName],
    [t('bays.fields.sortOrder'), bay.data.sortOrder],
    [t('bays.overview.statusChangedAt'), formatDateTime(bay.data.statusChangedAt, i18n.language)],
    [t('bays.overview.createdAt'), formatDateTime(bay.data.createdAt, i18n.language)],
  ];

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <Card padding="lg" component="section" aria-label={t('maintenance.title')}>
            <Title order={3} fz="md" mb="md">
              {t('maintenance.title')}
            </Title>
            <BayMaintenance bayId={bayId} bayName={bay.data.name} />
          </Card>
          <ListCard<BayMetric>
            title={t('bays.overview.attributes')}
            query={metrics}
            empty={t('common.empty')}
          >
            {(rows) =>
              [...rows].sort(byWorstLevel).map((metric) => <BayMetricRow key={metric.id} metric={metric} />)
            }
          </ListCard>
          <ListCard<Alert> title={t('alerts.open')} query={alerts} empty={t('alerts.emptyOpen')}>
            {(rows) => rows.map((alert) => <OpenAlertItem key={alert.id} alert={alert} />)}
          </ListCard>
          <MuteCard scope={{ bayId }} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="lg">
          <Card padding="lg">
            <Group justify="space-between" mb="md">
              <Title order={3} fz="md">
                {t('bays.overview.links')}
              </Title>
              {canManage && (
                <ButtonLink
                  to="/locations/$locationId/bays/$bayId/links"
                  params={{ locationId, bayId }}
                  variant="subtle"
                  size="xs"
                >
                  {t('bays.overview.manageLinks')}
                </ButtonLink>
              )}
            </Group>
            {links.isPending ? (
              <ListSkeleton rows={2} />
            ) : links.isError ? (
              <LoadError error={links.error} onRetry={() => links.refetch()} retrying={links.isFetching} />
            ) : links.data.length === 0 ? (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t('links.empty')}
                </Text>
                {canManage && (
                  <ButtonLink
                    to="/locations/$locationId/bays/$bayId/links"
                    params={{ locationId, bayId }}
                    size="xs"
                    variant="light"
                    leftSection={<IconPlus size={14} aria-hidden />}
                  >
                    {t('links.new')}
                  </ButtonLink>
                )}
              </Group>
            ) : (
              <Group gap="sm" role="group" aria-label={t('bays.overview.links')}>
                {links.data.map((link) => (
                  <LinkButton key={link.id} link={link} />
                ))}
              </Group>
            )}
          </Card>
          <DetailsCard title={t('bays.overview.details')} rows={rows} labelWidth={150} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={12}>
        <MaintenanceStatsCard scope={{ bayId }} />
      </Grid.Col>
      <Grid.Col span={12}>
        <MaintenanceHistoryCard scope={{ bayId }} />
      </Grid.Col>
    </Grid>
  );
}
