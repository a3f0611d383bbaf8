import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { byWorstLevel } from '@vaskedrift/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BayMetricRow } from '../../../components/bay-metric-row';
import { LoadError } from '../../../components/load-error';
import { OpenAlertItem, useAlerts } from '../../../features/alerts';
import { BayMaintenance, MaintenanceHistoryList } from '../../../features/maintenance';
import { MuteControl } from '../../../features/mutes';
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
export function BayPanelBody({
  bayId,
  bayName,
  monitored,
}: {
  bayId: string;
  bayName: string;
  monitored: boolean;
}) {
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
